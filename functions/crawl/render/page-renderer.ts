import type { Browser, BrowserContext, Route } from 'playwright-core';
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

class ChromiumRenderer implements PageRenderer {
  private browser: Promise<Browser> | null = null;
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
   * navigation, so the page is not fetched twice. Each page gets its own context (no cookies, no
   * storage shared between pages) that is closed after it, whatever its scripts do.
   */
  async render(document: FetchedPage, options: FetchOptions = {}): Promise<string> {
    const started = performance.now();
    const budgetEnd = Math.min(started + this.pageTimeoutMs, options.deadline ?? Number.POSITIVE_INFINITY);
    const browser = await this.startBrowser();
    const context = await browser.newContext({
      serviceWorkers: 'block',
      acceptDownloads: false,
      userAgent: this.options.userAgent,
      javaScriptEnabled: true,
    });
    const controller = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
    try {
      const page = await context.newPage();
      // Popups and new tabs are closed as they open; dialogs are dismissed so scripts go on.
      context.on('page', (other) => {
        if (other !== page) void other.close().catch(() => undefined);
      });
      page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
      let requests = 0;
      let navigated = false;
      await context.route('**/*', (route) => {
        const request = route.request();
        if (request.isNavigationRequest() && !navigated) {
          navigated = true;
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
        if (request.method() !== 'GET' || ++requests > this.maxRequests)
          return route.abort('blockedbyclient');
        return this.answer(route, { signal, deadline: budgetEnd });
      });
      const rendered = async (): Promise<string> => {
        await page.goto(document.url, { waitUntil: 'domcontentloaded', timeout: remaining(budgetEnd) });
        // A page that never goes quiet (polling, a load event that never fires) is read as it stands.
        await page.waitForLoadState('networkidle', { timeout: remaining(budgetEnd) }).catch(() => undefined);
        const html: unknown = await page.evaluate(removeConsentOverlays);
        if (typeof html !== 'string') throw new Error('the rendered page gave no HTML');
        return html;
      };
      return await withTimeout(
        rendered(),
        remaining(budgetEnd),
        () => new RenderTimeoutError(this.pageTimeoutMs),
      );
    } finally {
      controller.abort();
      await this.closeContext(context);
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
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

  /** Answers one request of the page through the crawler's fetcher. */
  private async answer(route: Route, options: FetchOptions): Promise<void> {
    try {
      const fetched = await this.options.fetcher.fetch(route.request().url(), options);
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
    }
  }

  private async closeContext(context: BrowserContext): Promise<void> {
    const closed = await withTimeout(
      context.close().then(() => true),
      CLOSE_TIMEOUT_MS,
      () => new RenderTimeoutError(CLOSE_TIMEOUT_MS),
    ).catch(() => false);
    if (!closed) await this.close().catch(() => undefined);
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
