import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { FetchedPage, FetchOptions, PageFetcher } from '../net/page-fetcher.ts';
import { removeConsentOverlays } from './consent-overlays.ts';

export interface RendererOptions {
  /** Starts the browser; called on the first page to render, never before. */
  launch: () => Promise<Browser>;
  /**
   * The crawler's HTTP fetcher: every request a rendered page makes goes through it, so its SSRF
   * guard (and the allow-list of local shops), robots rules, politeness and size limits hold for
   * the page's scripts as for the crawler.
   */
  fetcher: PageFetcher;
  /** Sent as the page's User-Agent, like the fetcher's. */
  userAgent: string;
  /** The whole rendering of one page: its scripts, their requests and reading the DOM. */
  pageTimeoutMs?: number;
  /** Requests one page may make besides its document; those beyond are refused. */
  maxRequests?: number;
}

const DEFAULTS = { pageTimeoutMs: 20_000, maxRequests: 60 } as const;

/**
 * Flags of a crawling browser: it resolves no host name itself (every request of a page is answered
 * by the crawler's fetcher, so nothing may go around it), and a page's scripts get a bounded heap.
 */
export const CRAWL_BROWSER_ARGS = [
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--js-flags=--max-old-space-size=256',
];

/** Requests that cannot carry product data: refused without a fetch. */
const REFUSED_TYPES = new Set([
  'image',
  'media',
  'font',
  'stylesheet',
  'websocket',
  'manifest',
  'texttrack',
  'eventsource',
  'other',
]);

/** Closing a context whose renderer is stuck in a script may itself hang; then the browser goes. */
const CLOSE_TIMEOUT_MS = 5_000;

export class RenderTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the page did not render within ${timeoutMs} ms`);
    this.name = 'RenderTimeoutError';
  }
}

/** A page the browser rendered: its DOM after the scripts ran, as HTML. */
export interface PageRenderer {
  render(document: FetchedPage, options?: FetchOptions): Promise<string>;
  /** Whether a browser was ever started. */
  readonly launched: boolean;
  close(): Promise<void>;
}

export function createPageRenderer(options: RendererOptions): PageRenderer {
  return new ChromiumRenderer(options);
}

/** The page being rendered, as the route handler of the session's context sees it. */
interface Rendering {
  document: FetchedPage;
  navigated: boolean;
  requests: number;
  inFlight: number;
  lastActivity: number;
  options: FetchOptions;
}

interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  current: Rendering | null;
}

/** The end of a page's time kept for reading its DOM, whether or not the page went quiet. */
const READ_RESERVE_MS = 2_000;

/** How long the route must have had no request of the page before its DOM is read. */
const QUIET_MS = 100;

class ChromiumRenderer implements PageRenderer {
  private browser: Promise<Browser> | null = null;
  /** Contexts free for the next page; pages rendered at once each take their own. */
  private idle: Session[] = [];
  private readonly pageTimeoutMs: number;
  private readonly maxRequests: number;

  constructor(private readonly options: RendererOptions) {
    this.pageTimeoutMs = options.pageTimeoutMs ?? DEFAULTS.pageTimeoutMs;
    this.maxRequests = options.maxRequests ?? DEFAULTS.maxRequests;
  }

  get launched(): boolean {
    return this.browser !== null;
  }

  /**
   * Renders a document the fetcher already fetched: the browser gets it as the answer to its
   * navigation, so the page is not fetched twice. A page takes a free browser context of this
   * renderer (one website's task), as one visitor's tab would, or a new one when all are busy; a
   * page that fails or runs past its time takes its context with it, whatever its scripts do.
   */
  async render(document: FetchedPage, options: FetchOptions = {}): Promise<string> {
    const controller = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
    const session = await this.takeSession();
    // The page's time starts once the browser is up: a launch is not the page's doing.
    const budgetEnd = Math.min(
      performance.now() + this.pageTimeoutMs,
      options.deadline ?? Number.POSITIVE_INFINITY,
    );
    const rendering: Rendering = {
      document,
      navigated: false,
      requests: 0,
      inFlight: 0,
      lastActivity: performance.now(),
      options: { signal, deadline: budgetEnd },
    };
    session.current = rendering;
    const rendered = async (): Promise<string> => {
      await session.page.goto(document.url, { waitUntil: 'domcontentloaded', timeout: remaining(budgetEnd) });
      // The browser's own count of the page's connections: a page that never goes quiet (polling,
      // a request never answered) is read as it stands, in the last part of its time kept for that.
      const settleEnd = budgetEnd - Math.min(READ_RESERVE_MS, (budgetEnd - performance.now()) / 4);
      await session.page
        .waitForLoadState('networkidle', { timeout: remaining(settleEnd) })
        .catch(() => undefined);
      // Answers the route still has on their way (a request counted there but not yet fulfilled).
      await quiet(rendering, settleEnd);
      const html: unknown = await session.page.evaluate(removeConsentOverlays);
      if (typeof html !== 'string') throw new Error('the rendered page gave no HTML');
      return html;
    };
    try {
      const html = await withTimeout(
        rendered(),
        remaining(budgetEnd),
        () => new RenderTimeoutError(this.pageTimeoutMs),
      );
      session.current = null;
      this.idle.push(session);
      return html;
    } catch (error) {
      session.current = null;
      await this.closeSession(session);
      // Playwright's own timeouts (a navigation that never got its document loaded) are the page's time too.
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new RenderTimeoutError(this.pageTimeoutMs);
      throw error;
    } finally {
      controller.abort();
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    this.idle = [];
    if (browser) await (await browser.catch(() => null))?.close();
  }

  private startBrowser(): Promise<Browser> {
    if (!this.browser) {
      const launching = this.options.launch();
      // A failed launch is not kept, so the next page tries again.
      launching.catch(() => {
        if (this.browser === launching) this.browser = null;
      });
      this.browser = launching;
    }
    return this.browser;
  }

  private async takeSession(): Promise<Session> {
    for (let session = this.idle.pop(); session; session = this.idle.pop()) {
      if (session.browser.isConnected()) return session;
    }
    return this.newSession();
  }

  private async newSession(): Promise<Session> {
    const browser = await this.startBrowser();
    const context = await browser.newContext({
      serviceWorkers: 'block',
      acceptDownloads: false,
      userAgent: this.options.userAgent,
      javaScriptEnabled: true,
    });
    const page = await context.newPage();
    const session: Session = { browser, context, page, current: null };
    // Popups and new tabs are closed as they open; dialogs are dismissed so scripts go on.
    context.on('page', (other) => {
      if (other !== page) void other.close().catch(() => undefined);
    });
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
    await context.route('**/*', (route) => this.route(route, session.current));
    return session;
  }

  private route(route: Route, rendering: Rendering | null): Promise<void> {
    const request = route.request();
    if (rendering === null) return route.abort('blockedbyclient');
    if (request.isNavigationRequest() && !rendering.navigated) {
      rendering.navigated = true;
      const { document } = rendering;
      return route.fulfill({
        status: document.status ?? 200,
        contentType: document.contentType ?? 'text/html',
        body: Buffer.from(document.bytes),
      });
    }
    // The page may not take the browser elsewhere, nor load frames: a 204 answer to a navigation
    // leaves the page as it is (a refused one would show the browser's error page instead).
    if (request.isNavigationRequest()) return route.fulfill({ status: 204, body: '' });
    if (REFUSED_TYPES.has(request.resourceType())) return route.abort('blockedbyclient');
    if (request.method() !== 'GET' || ++rendering.requests > this.maxRequests) {
      return route.abort('blockedbyclient');
    }
    return this.answer(route, rendering);
  }

  /** Answers one request of the page through the crawler's fetcher. */
  private async answer(route: Route, rendering: Rendering): Promise<void> {
    rendering.inFlight++;
    rendering.lastActivity = performance.now();
    try {
      const fetched = await this.options.fetcher.fetch(route.request().url(), rendering.options);
      if (fetched.outcome === 'OK') {
        await route.fulfill({
          status: fetched.status ?? 200,
          contentType: fetched.contentType ?? 'application/octet-stream',
          body: Buffer.from(fetched.bytes),
        });
      } else if (fetched.status !== null) {
        await route.fulfill({ status: fetched.status, body: '' });
      } else {
        await route.abort(fetched.outcome === 'NETWORK_ERROR' ? 'failed' : 'blockedbyclient');
      }
    } catch {
      // The page was closed or its time ran out while the request waited.
      await route.abort('aborted').catch(() => undefined);
    } finally {
      rendering.inFlight--;
      rendering.lastActivity = performance.now();
    }
  }

  private async closeSession(session: Session): Promise<void> {
    const { context } = session;
    const closed = await withTimeout(
      context.close().then(() => true),
      CLOSE_TIMEOUT_MS,
      () => new RenderTimeoutError(CLOSE_TIMEOUT_MS),
    ).catch(() => false);
    if (!closed) await this.close().catch(() => undefined);
  }
}

/**
 * Waits until no request of the page is waiting at the route and none came for QUIET_MS, or its
 * time ends (every request goes through the route, so the renderer counts them itself).
 */
async function quiet(rendering: Rendering, budgetEnd: number): Promise<void> {
  while (performance.now() < budgetEnd) {
    const idleFor = performance.now() - rendering.lastActivity;
    if (rendering.inFlight === 0 && idleFor >= QUIET_MS) return;
    await sleep(Math.max(10, Math.min(QUIET_MS - idleFor, budgetEnd - performance.now(), 50)));
  }
}

function remaining(budgetEnd: number): number {
  return Math.max(1, Math.floor(budgetEnd - performance.now()));
}

function withTimeout<T>(work: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
