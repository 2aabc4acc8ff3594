import { setting } from '#platform/config';
import { logError } from '#platform/log';

/**
 * The local stand-in for the EventBridge schedule of the idle-job sweeper: the same task handler, on
 * a timer. `JOB_SWEEP_INTERVAL_SECONDS` (and the task's `JOB_IDLE_LIMIT_SECONDS`) let a test expire
 * jobs within seconds.
 */
export async function startIdleSweeper(): Promise<{ stop(): Promise<void> }> {
  const intervalSeconds = setting('JOB_SWEEP_INTERVAL_SECONDS');
  const { handler } = await import('../functions/tasks/sweep-idle-jobs.ts');
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  let stopped = false;
  // The next sweep is armed when one ends, so a slow sweep is never overlapped by the next.
  const arm = () => {
    timer = setTimeout(() => {
      sweeping = handler()
        .catch((error) => logError('idle sweep failed', error))
        .finally(() => {
          if (!stopped) arm();
        });
    }, intervalSeconds * 1000);
    timer.unref();
  };
  arm();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await sweeping;
    },
  };
}
