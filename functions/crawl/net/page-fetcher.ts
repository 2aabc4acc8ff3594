/**
 * The contract between the crawl network layer (fetcher, robots, SSRF guard) and the analysis,
 * training and extraction code that reads pages. Analysis code depends on this interface only, so it
 * can be tested with any implementation that serves real HTTP.
 */
export type FetchOutcome =
  | 'OK' // 2xx with a body
  | 'NOT_FOUND' // 404 or 410
  | 'BLOCKED_BY_ROBOTS' // robots.txt disallows the path; no request was made
  | 'BLOCKED_BY_POLICY' // SSRF guard refused the address, or the host is not allowed
  | 'HTTP_ERROR' // any other final non-2xx status after retries
  | 'NETWORK_ERROR' // DNS, connect, reset or timeout after retries
  | 'PROXY_FAILED' // the project's proxy refused the connection or the credentials, after retries
  | 'TOO_LARGE' // body exceeded the size limit
  | 'BOT_WALL' // 403 or a challenge page, again when asked once more later
  | 'RENDER_FAILED'; // fetched, but the browser could not render it in its time (a website read with a browser)

export interface FetchedPage {
  outcome: FetchOutcome;
  /** The URL asked for. */
  requestedUrl: string;
  /** The URL after redirects (same as requestedUrl when none). */
  url: string;
  status: number | null;
  contentType: string | null;
  /** Decoded text (charset detected from header, BOM or meta); empty unless outcome is OK. */
  body: string;
  /** Raw bytes, for gzipped sitemaps and the like; empty unless outcome is OK. */
  bytes: Uint8Array;
  headers: Record<string, string>;
  error?: string;
}

export interface FetchOptions {
  signal?: AbortSignal;
  /** Overrides the fetcher's body limit for this URL (sitemaps may be up to 50 MB). */
  maxBodyBytes?: number;
  /**
   * The job's time budget for this URL, on the `performance.now()` clock: a wait the shop asks for
   * (Retry-After) or a later retry of a bot wall that would end after it is not waited.
   */
  deadline?: number;
}

export interface PageFetcher {
  fetch(url: string, options?: FetchOptions): Promise<FetchedPage>;
  /** Whether robots.txt of the URL's host allows the service's user agent to fetch it. */
  isAllowed(url: string): Promise<boolean>;
  /** Sitemap URLs that robots.txt of the origin lists. */
  robotsSitemaps(origin: string): Promise<string[]>;
  /** The Crawl-delay robots.txt of the origin sets for the service's user agent; null when none. */
  crawlDelaySeconds(origin: string): Promise<number | null>;
  /** Closes pooled connections. */
  close(): Promise<void>;
}
