import { logError } from '#platform/log';

/**
 * The local stand-in for an EventBridge rule: runs `task` every `intervalSeconds`. The next run is
 * armed when one ends, so a slow run is never overlapped by the next.
 */
export function runOnTimer(
  name: string,
  intervalSeconds: number,
  task: () => Promise<unknown>,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const arm = () => {
    timer = setTimeout(() => {
      running = task()
        .catch((error) => logError(`${name} failed`, error))
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
      await running;
    },
  };
}
