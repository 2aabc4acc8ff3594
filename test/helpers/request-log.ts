import type { LoggedRequest } from '#fixtures/start-shop';

/** Most requests the server was answering at one moment. */
export function maxConcurrency(requests: readonly LoggedRequest[]): number {
  const events = requests.flatMap((request) => [
    { at: request.start, delta: 1 },
    { at: request.end ?? Number.POSITIVE_INFINITY, delta: -1 },
  ]);
  // Ends before starts at the same instant: a finished request frees its slot first.
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let current = 0;
  let most = 0;
  for (const event of events) {
    current += event.delta;
    most = Math.max(most, current);
  }
  return most;
}

/** Shortest time between the starts of two consecutive requests, in milliseconds. */
export function minStartGap(requests: readonly LoggedRequest[]): number {
  const starts = requests.map((request) => request.start).sort((a, b) => a - b);
  let gap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < starts.length; i++)
    gap = Math.min(gap, (starts[i] as number) - (starts[i - 1] as number));
  return gap;
}
