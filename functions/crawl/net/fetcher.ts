import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, type Dispatcher } from 'undici';
import { isBotWall } from './bot-wall.ts';
import { decodeBody } from './decode-body.ts';
import {
  ACCEPTED_ENCODINGS,
  BodyTooLargeError,
  type Exchange,
  exchange,
  RequestTimeoutError,
  UnsupportedEncodingError,
} from './exchange.ts';
import { type HostLimits, HostScheduler } from './host-scheduler.ts';
import type { FetchedPage, FetchOptions, FetchOutcome, PageFetcher } from './page-fetcher.ts';
import { createProxyDispatcher, ProxyFailedError, proxyError } from './proxy-dispatcher.ts';
import { retryDelayMs } from './retry-delay.ts';
import {
  ROBOTS_MAX_BYTES,
  RobotsCache,
  type RobotsPolicy,
  type RobotsResponse,
  type RobotsUnreachable,
} from './robots-cache.ts';
import {
  assertHostResolvesPublic,
  assertUrlAllowed,
  createGuardedConnect,
  HostAllowList,
  SsrfBlockedError,
} from './ssrf-guard.ts';

export const DEFAULT_USER_AGENT = 'ProductDataBot/1.0 (+https://product-data.example/bot)';

export interface FetcherOptions {
  /** Entries of CRAWL_ALLOWED_HOSTS: hosts or host:port that may be contacted at private addresses. */
  allowedHosts?: readonly string[];
  /** Sent on every request; its leading product token is the name matched in robots.txt. */
  userAgent?: string;
  /** Sent on every request: the project's market, for shops that choose language or currency by it. */
  acceptLanguage?: string;
  perHostConcurrency?: number;
  /** Least time between the starts of two requests to one host. */
  minDelayMs?: number;
  /** Further attempts after a 429, a retryable 5xx, a timeout or a dropped connection. */
  maxRetries?: number;
  /** Limit for one attempt: connect, headers and body. */
  timeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
  /** The first retry waits about this long; each further one doubles it. */
  retryBaseDelayMs?: number;
  /** Cap on any retry wait; a Retry-After longer than this ends the retries instead. */
  maxRetryDelayMs?: number;
  /** How long a robots.txt is trusted; capped at 24 hours. */
  robotsTtlMs?: number;
  /** Further attempts while a host answers 429 or 503 with a Retry-After that fits the time budget. */
  maxPushbackRetries?: number;
  /** How long a URL that met a bot wall waits before its one retry. */
  botWallRetryDelayMs?: number;
  /**
   * The project's own proxy (`http(s)://user:password@host:port`): every request goes through it.
   * The proxy's address passes the SSRF guard (only the allow-list lets it be private), and each
   * target host is resolved and checked before the proxy is asked for it.
   */
  proxyUrl?: string;
  /** Spacing of a host's request starts after its first pushback, doubled at each further one. */
  pushbackIntervalMs?: number;
}

const DEFAULTS = {
  userAgent: DEFAULT_USER_AGENT,
  perHostConcurrency: 4,
  minDelayMs: 100,
  maxRetries: 3,
  timeoutMs: 15_000,
  maxBodyBytes: 10 * 1024 * 1024,
  maxRedirects: 5,
  retryBaseDelayMs: 500,
  maxRetryDelayMs: 30_000,
  maxPushbackRetries: 6,
  botWallRetryDelayMs: 5_000,
  pushbackIntervalMs: 250,
} as const;

/** Slow-down steps a host that pushes back can earn; each halves its concurrency and doubles its spacing. */
const MAX_PUSHBACK_LEVEL = 4;
/**
 * Answers without pushback, to requests sent at the slowed pace, that earn a host one step back
 * toward its normal pace: a shop that refused once in a while is not crawled at a crawl's pace
 * forever (additive recovery after a multiplicative slow-down, as congestion control does).
 */
const CALM_ANSWERS_PER_STEP = 20;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const TRANSIENT_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'PROXY_BAD_GATEWAY',
]);

/** The crawl network layer: polite, SSRF-guarded fetching of shop pages on undici. */
export function createFetcher(options: FetcherOptions = {}): PageFetcher {
  return new Fetcher(options);
}

interface AttemptOptions {
  maxBodyBytes: number;
  overflow: 'fail' | 'truncate';
  signal?: AbortSignal;
  deadline?: number;
}

class Fetcher implements PageFetcher {
  private readonly settings: Required<
    Omit<FetcherOptions, 'allowedHosts' | 'robotsTtlMs' | 'acceptLanguage' | 'proxyUrl'>
  >;
  private readonly allowList: HostAllowList;
  private readonly agent: Dispatcher;
  /** Requests go through the project's proxy, which resolves the targets itself. */
  private readonly proxied: boolean;
  private readonly scheduler: HostScheduler;
  private readonly robots: RobotsCache;
  private readonly crawlDelayMs = new Map<string, number>();
  /**
   * Hosts that answered 429, 503 or a bot wall: their slow-down level, when it last changed, and the
   * calm answers since.
   */
  private readonly pushback = new Map<string, { level: number; since: number; calm: number }>();
  private readonly headers: Record<string, string>;

  constructor(options: FetcherOptions) {
    this.settings = {
      userAgent: options.userAgent ?? DEFAULTS.userAgent,
      perHostConcurrency: options.perHostConcurrency ?? DEFAULTS.perHostConcurrency,
      minDelayMs: options.minDelayMs ?? DEFAULTS.minDelayMs,
      maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULTS.maxBodyBytes,
      maxRedirects: options.maxRedirects ?? DEFAULTS.maxRedirects,
      retryBaseDelayMs: options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs,
      maxRetryDelayMs: options.maxRetryDelayMs ?? DEFAULTS.maxRetryDelayMs,
      maxPushbackRetries: options.maxPushbackRetries ?? DEFAULTS.maxPushbackRetries,
      botWallRetryDelayMs: options.botWallRetryDelayMs ?? DEFAULTS.botWallRetryDelayMs,
      pushbackIntervalMs: options.pushbackIntervalMs ?? DEFAULTS.pushbackIntervalMs,
    };
    this.allowList = new HostAllowList(options.allowedHosts ?? []);
    const { proxyUrl } = options;
    this.proxied = Boolean(proxyUrl);
    this.agent = proxyUrl
      ? createProxyDispatcher({
          url: proxyUrl,
          allowList: this.allowList,
          timeoutMs: this.settings.timeoutMs,
        })
      : new Agent({
          connect: createGuardedConnect({ allowList: this.allowList, timeoutMs: this.settings.timeoutMs }),
          headersTimeout: this.settings.timeoutMs,
          bodyTimeout: this.settings.timeoutMs,
        });
    this.scheduler = new HostScheduler((host) => this.limitsFor(host));
    this.robots = new RobotsCache({
      request: (url) => this.requestRobots(url),
      productToken: /^[A-Za-z_-]+/.exec(this.settings.userAgent)?.[0] ?? this.settings.userAgent,
      ttlMs: options.robotsTtlMs,
    });
    this.headers = {
      'user-agent': this.settings.userAgent,
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-encoding': ACCEPTED_ENCODINGS,
      ...(options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {}),
    };
  }

  async fetch(url: string, options: FetchOptions = {}): Promise<FetchedPage> {
    let current = URL.parse(url);
    if (current === null) return emptyPage('BLOCKED_BY_POLICY', url, url, 'invalid URL');
    current.hash = '';
    let walled = false;
    for (let redirects = 0; ; ) {
      let response: Exchange;
      try {
        assertUrlAllowed(current, this.allowList);
        const policy = await this.policyFor(current);
        // The host did not answer even for robots.txt: a network failure, not the shop's wish.
        if (policy.networkError !== null) {
          return emptyPage(
            'NETWORK_ERROR',
            url,
            current.href,
            `robots.txt unreachable: ${policy.networkError}`,
          );
        }
        if (!policy.rules.isAllowed(current.pathname + current.search)) {
          return emptyPage('BLOCKED_BY_ROBOTS', url, current.href);
        }
        response = await this.attempt(current, {
          maxBodyBytes: options.maxBodyBytes ?? this.settings.maxBodyBytes,
          overflow: 'fail',
          signal: options.signal,
          deadline: options.deadline,
        });
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason;
        return emptyPage(outcomeOfError(error), url, current.href, errorMessage(error));
      }
      if (!REDIRECT_STATUSES.has(response.status)) {
        const page = pageOf(url, current.href, response);
        const html = /html/i.test(page.contentType ?? '');
        if (!isBotWall(response.status, html ? page.body : '')) return page;
        // A wall slows the host once: walls that follow answer requests sent at the pace before it.
        this.slowDown(current.host, Number.NEGATIVE_INFINITY);
        const retryDelay = this.settings.botWallRetryDelayMs;
        if (walled || !fitsBudget(options.deadline, retryDelay)) return botWallPage(page);
        // Walls often go up for a burst of requests and come down again: one later try tells.
        walled = true;
        await sleep(retryDelay, undefined, { signal: options.signal });
        continue;
      }
      const next = URL.parse(response.headers.location ?? '', current);
      if (next === null) {
        return { ...pageOf(url, current.href, response), error: 'redirect without a Location' };
      }
      if (redirects >= this.settings.maxRedirects) {
        return {
          ...pageOf(url, current.href, response),
          error: `more than ${this.settings.maxRedirects} redirects`,
        };
      }
      next.hash = '';
      current = next;
      redirects++;
    }
  }

  async isAllowed(url: string): Promise<boolean> {
    const target = URL.parse(url);
    if (target === null) return false;
    try {
      assertUrlAllowed(target, this.allowList);
      return (await this.policyFor(target)).rules.isAllowed(target.pathname + target.search);
    } catch (error) {
      // The page's own fetch then tells which of the two it was.
      if (error instanceof SsrfBlockedError || error instanceof ProxyFailedError) return false;
      throw error;
    }
  }

  async robotsSitemaps(origin: string): Promise<string[]> {
    const target = URL.parse(origin);
    if (target === null) return [];
    try {
      assertUrlAllowed(target, this.allowList);
      return (await this.policyFor(target)).sitemaps;
    } catch (error) {
      if (error instanceof SsrfBlockedError || error instanceof ProxyFailedError) return [];
      throw error;
    }
  }

  async crawlDelaySeconds(origin: string): Promise<number | null> {
    const target = URL.parse(origin);
    if (target === null) return null;
    try {
      assertUrlAllowed(target, this.allowList);
      return (await this.policyFor(target)).rules.crawlDelaySeconds;
    } catch (error) {
      if (error instanceof SsrfBlockedError || error instanceof ProxyFailedError) return null;
      throw error;
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  private async policyFor(url: URL): Promise<RobotsPolicy> {
    const policy = await this.robots.policyFor(url.origin);
    const { crawlDelaySeconds } = policy.rules;
    if (crawlDelaySeconds) this.crawlDelayMs.set(url.host, crawlDelaySeconds * 1000);
    else this.crawlDelayMs.delete(url.host);
    return policy;
  }

  /**
   * A host that pushed back gets fewer requests at once, spaced further apart, for the rest of the
   * crawl. Only an answer to a request sent after the last slow-down raises it again: the answers to
   * requests already in flight say nothing about the new pace.
   */
  private slowDown(host: string, sentAt: number): void {
    const current = this.pushback.get(host) ?? { level: 0, since: Number.NEGATIVE_INFINITY, calm: 0 };
    if (sentAt < current.since) return;
    this.pushback.set(host, {
      level: Math.min(MAX_PUSHBACK_LEVEL, current.level + 1),
      since: performance.now(),
      calm: 0,
    });
  }

  /** An answer without pushback to a request sent at the slowed pace counts toward a step back. */
  private calmAnswer(host: string, sentAt: number): void {
    const current = this.pushback.get(host);
    if (!current || sentAt < current.since) return;
    if (current.calm + 1 < CALM_ANSWERS_PER_STEP) {
      current.calm += 1;
      return;
    }
    if (current.level <= 1) this.pushback.delete(host);
    else this.pushback.set(host, { level: current.level - 1, since: performance.now(), calm: 0 });
  }

  // With a Crawl-delay the host gets one request at a time, spaced from the end of the previous one,
  // which is the reading of the directive that no server can find too fast.
  private limitsFor(host: string): HostLimits {
    const level = this.pushback.get(host)?.level ?? 0;
    const startIntervalMs =
      level === 0
        ? this.settings.minDelayMs
        : Math.max(this.settings.minDelayMs, this.settings.pushbackIntervalMs * 2 ** level);
    const crawlDelay = this.crawlDelayMs.get(host);
    if (crawlDelay === undefined) {
      return {
        concurrency: Math.max(1, this.settings.perHostConcurrency >> level),
        startIntervalMs,
        gapAfterEndMs: 0,
      };
    }
    return {
      concurrency: 1,
      startIntervalMs,
      gapAfterEndMs: Math.max(crawlDelay, this.settings.minDelayMs),
    };
  }

  private async requestRobots(url: URL): Promise<RobotsResponse | RobotsUnreachable> {
    assertUrlAllowed(url, this.allowList);
    try {
      const response = await this.attempt(url, { maxBodyBytes: ROBOTS_MAX_BYTES, overflow: 'truncate' });
      return {
        status: response.status,
        location: response.headers.location ?? null,
        body: decodeBody(response.bytes, response.headers['content-type'] ?? null),
        truncated: response.truncated,
      };
    } catch (error) {
      // Neither says anything about the shop's robots.txt, so neither is kept as its policy.
      if (error instanceof SsrfBlockedError || error instanceof ProxyFailedError) throw error;
      return { networkError: errorMessage(error) };
    }
  }

  /**
   * One URL with retries; every attempt waits for its turn at the host. A 429 or 503 that names a
   * Retry-After is the host asking for a pause: it is waited out (up to maxPushbackRetries times,
   * each within the cap and the time budget) apart from the retries of failures.
   */
  private async attempt(url: URL, options: AttemptOptions): Promise<Exchange> {
    let failures = 0;
    let pushbacks = 0;
    for (;;) {
      let response: Exchange | null = null;
      let failure: unknown = null;
      let sentAt = 0;
      try {
        if (this.proxied) await assertHostResolvesPublic(url, this.allowList);
        response = await this.scheduler.run(
          url.host,
          () => {
            sentAt = performance.now();
            const sent = exchange(url, {
              ...options,
              dispatcher: this.agent,
              headers: this.headers,
              timeoutMs: this.settings.timeoutMs,
            });
            if (!this.proxied) return sent;
            return sent.catch((error: unknown): never => {
              throw proxyError(error);
            });
          },
          options.signal,
        );
        if (!isRetryableStatus(response.status)) {
          this.calmAnswer(url.host, sentAt);
          return response;
        }
      } catch (error) {
        if (!isTransient(error) || options.signal?.aborted) throw error;
        failure = error;
      }
      const retryAfter = response?.headers['retry-after'];
      const pushedBack = response !== null && (response.status === 429 || response.status === 503);
      if (pushedBack) this.slowDown(url.host, sentAt);
      const asked = pushedBack && retryAfter !== undefined;
      const spent = asked ? pushbacks++ : failures++;
      if (spent >= (asked ? this.settings.maxPushbackRetries : this.settings.maxRetries)) {
        if (response) return response;
        throw failure;
      }
      const delay = retryDelayMs({
        attempt: spent,
        retryAfter,
        baseMs: this.settings.retryBaseDelayMs,
        capMs: this.settings.maxRetryDelayMs,
      });
      if (delay === null || !fitsBudget(options.deadline, delay)) {
        if (response) return response;
        throw failure;
      }
      // A status that asks for a pause is about the host, not this URL: hold back all requests to it.
      if (response) this.scheduler.defer(url.host, delay);
      await sleep(delay, undefined, { signal: options.signal });
    }
  }
}

/** Whether a wait of `delayMs` from now ends within the time budget (none: any wait the cap allows). */
function fitsBudget(deadline: number | undefined, delayMs: number): boolean {
  return deadline === undefined || performance.now() + delayMs <= deadline;
}

function botWallPage(page: FetchedPage): FetchedPage {
  return {
    ...page,
    outcome: 'BOT_WALL',
    body: '',
    bytes: new Uint8Array(0),
    error: `the shop answered ${page.status === 403 ? '403' : 'a challenge page'} twice`,
  };
}

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status !== 501 && status !== 505);
}

function isTransient(error: unknown): boolean {
  if (error instanceof RequestTimeoutError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT_ERROR_CODES.has(code);
}

function outcomeOfError(error: unknown): FetchOutcome {
  if (error instanceof SsrfBlockedError) return 'BLOCKED_BY_POLICY';
  if (error instanceof ProxyFailedError) return 'PROXY_FAILED';
  if (error instanceof BodyTooLargeError) return 'TOO_LARGE';
  if (error instanceof UnsupportedEncodingError) return 'HTTP_ERROR';
  return 'NETWORK_ERROR';
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

function emptyPage(outcome: FetchOutcome, requestedUrl: string, url: string, error?: string): FetchedPage {
  return {
    outcome,
    requestedUrl,
    url,
    status: null,
    contentType: null,
    body: '',
    bytes: new Uint8Array(0),
    headers: {},
    ...(error === undefined ? {} : { error }),
  };
}

function pageOf(requestedUrl: string, url: string, response: Exchange): FetchedPage {
  const contentType = response.headers['content-type'] ?? null;
  const base = { requestedUrl, url, status: response.status, contentType, headers: response.headers };
  if (response.status >= 200 && response.status < 300) {
    const body = isText(contentType, response.bytes) ? decodeBody(response.bytes, contentType) : '';
    return { ...base, outcome: 'OK', body, bytes: response.bytes };
  }
  const outcome = response.status === 404 || response.status === 410 ? 'NOT_FOUND' : 'HTTP_ERROR';
  return { ...base, outcome, body: '', bytes: new Uint8Array(0) };
}

// Gzipped sitemaps and other binary bodies are handed over as bytes only.
function isText(contentType: string | null, bytes: Uint8Array): boolean {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return false;
  return contentType === null || /text\/|xml|json|html|javascript/i.test(contentType);
}
