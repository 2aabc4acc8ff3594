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
