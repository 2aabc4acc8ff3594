import { performance } from 'node:perf_hooks';

export interface HostLimits {
  /** Requests to the host in flight at once. */
  concurrency: number;
  /** Least time between the starts of two requests to the host. */
  startIntervalMs: number;
  /** Least time between the end of one request and the start of the next (robots Crawl-delay). */
  gapAfterEndMs: number;
}

interface HostState {
  active: number;
  lastStartAt: number;
  lastEndAt: number;
  notBefore: number;
  queue: Array<() => void>;
  timer: NodeJS.Timeout | null;
}

/**
 * Politeness per host: requests wait in FIFO order until the host has a free slot and its delays
 * have passed. Limits are read on every decision, so a Crawl-delay learnt from robots.txt applies
 * to requests already waiting.
 */
export class HostScheduler {
  private readonly hosts = new Map<string, HostState>();

  constructor(private readonly limitsFor: (host: string) => HostLimits) {}

  async run<T>(host: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const state = this.stateOf(host);
    await this.acquire(host, state, signal);
    try {
      return await task();
    } finally {
      state.active--;
      state.lastEndAt = performance.now();
      this.pump(host, state);
    }
  }

  /** Holds back every request to the host for `delayMs` from now, e.g. for a server's Retry-After. */
  defer(host: string, delayMs: number): void {
    const state = this.stateOf(host);
    state.notBefore = Math.max(state.notBefore, performance.now() + delayMs);
    this.pump(host, state);
  }

  private stateOf(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = {
        active: 0,
        lastStartAt: Number.NEGATIVE_INFINITY,
        lastEndAt: Number.NEGATIVE_INFINITY,
        notBefore: Number.NEGATIVE_INFINITY,
        queue: [],
        timer: null,
      };
      this.hosts.set(host, state);
    }
    return state;
  }

  private acquire(host: string, state: HostState, signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const index = state.queue.indexOf(start);
        if (index < 0) return;
        state.queue.splice(index, 1);
        reject(signal?.reason);
      };
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      state.queue.push(start);
      this.pump(host, state);
    });
  }

  private pump(host: string, state: HostState): void {
    if (state.timer) {
      clearTimeout(state.timer);
      state.timer = null;
    }
    while (state.queue.length > 0) {
      const limits = this.limitsFor(host);
      if (state.active >= Math.max(1, limits.concurrency)) return;
      const readyAt = Math.max(
        state.notBefore,
        state.lastStartAt + limits.startIntervalMs,
        state.lastEndAt + limits.gapAfterEndMs,
      );
      const wait = readyAt - performance.now();
      if (wait > 0) {
        state.timer = setTimeout(() => this.pump(host, state), Math.ceil(wait));
        return;
      }
      const start = state.queue.shift();
      state.active++;
      state.lastStartAt = performance.now();
      start?.();
    }
  }
}
