/**
 * Live progress written as work reports it: one write in flight at a time, the newest report next,
 * so fast work never queues writes. `write` answers false when the job has moved on (its status
 * condition failed); that aborts the work through `signal`.
 */
export function progressWriter<T>(write: (value: T) => Promise<boolean>) {
  const controller = new AbortController();
  let pending: { value: T } | undefined;
  let writing: Promise<void> | null = null;
  let failure: unknown;
  const pump = async () => {
    while (pending !== undefined && !controller.signal.aborted) {
      const { value } = pending;
      pending = undefined;
      if (!(await write(value))) controller.abort();
    }
  };
  const start = () => {
    writing ??= pump()
      .catch((error: unknown) => {
        failure = error;
        controller.abort();
      })
      .finally(() => {
        writing = null;
        // A report that came while the last write was ending still gets written.
        if (pending !== undefined && !controller.signal.aborted) start();
      });
  };
  return {
    signal: controller.signal,
    report(value: T) {
      pending = { value };
      start();
    },
    /** Waits for the last write; true when the job is still where the writes expect it. */
    async settle(): Promise<boolean> {
      while (writing) await writing;
      if (failure) throw failure;
      return !controller.signal.aborted;
    },
  };
}

/**
 * Runs crawl work that reports through `progress` and fetches with `fetcher`: the fetcher is closed
 * whatever happens and the last progress write awaited. Answers null when the job moved on meanwhile
 * (a refused write aborted the work), so the step stops quietly instead of failing the job.
 */
export async function runTracked<T>(
  progress: ReturnType<typeof progressWriter>,
  fetcher: { close(): Promise<void> },
  work: () => Promise<T>,
): Promise<T | null> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    if (progress.signal.aborted && !(await progress.settle())) return null;
    throw error;
  } finally {
    await fetcher.close();
  }
  return (await progress.settle()) ? result : null;
}
