/**
 * Milliseconds a Retry-After header asks to wait: delta-seconds or an HTTP-date. Null when the
 * header is absent or unreadable; a date in the past means no wait.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

export interface RetryDelayOptions {
  /** 0 for the wait before the first retry. */
  attempt: number;
  /** Retry-After of the response, when it had one. */
  retryAfter?: string;
  baseMs: number;
  capMs: number;
  random?: () => number;
}

/**
 * How long to wait before the next attempt: exponential backoff with jitter (half fixed, half
 * random, so parallel workers spread out), never sooner than the server's Retry-After. Null when
 * the server asks for longer than the cap: the caller gives up rather than ask too early.
 */
export function retryDelayMs(options: RetryDelayOptions): number | null {
  const exponential = Math.min(options.capMs, options.baseMs * 2 ** options.attempt);
  const backoff = exponential / 2 + ((options.random ?? Math.random)() * exponential) / 2;
  const serverAsks = parseRetryAfter(options.retryAfter);
  if (serverAsks === null) return Math.round(backoff);
  if (serverAsks > options.capMs) return null;
  return Math.round(Math.max(serverAsks, backoff));
}
