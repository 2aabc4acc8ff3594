import { RobotsRules, RobotsTxt } from './robots.ts';

/** RFC 9309 asks crawlers to parse at least 500 KiB; a longer file is read up to this size. */
export const ROBOTS_MAX_BYTES = 512 * 1024;
/** RFC 9309: a cached robots.txt should not be used for more than 24 hours. */
const ROBOTS_MAX_TTL_MS = 24 * 60 * 60 * 1000;
const ROBOTS_MAX_REDIRECTS = 5;
// A robots.txt that failed blocks the whole host, so it is asked again sooner than a good one.
const FAILED_TTL_MS = 5 * 60 * 1000;

export interface RobotsResponse {
  status: number;
  location: string | null;
  body: string;
  /** The body was cut at ROBOTS_MAX_BYTES. */
  truncated: boolean;
}

/** The host could not be reached for robots.txt (after retries): why. */
export interface RobotsUnreachable {
  networkError: string;
}

/**
 * Fetches one robots.txt URL without following redirects. Rejects only when the fetch must not
 * happen at all (SSRF policy).
 */
export type RobotsRequest = (url: URL) => Promise<RobotsResponse | RobotsUnreachable>;

export interface RobotsPolicy {
  rules: RobotsRules;
  /** Absolute sitemap URLs listed in robots.txt. */
  sitemaps: string[];
  /** Set when robots.txt failed with a network error, which disallows the whole origin. */
  networkError: string | null;
}

interface LoadedPolicy extends RobotsPolicy {
  /** A policy from a failed robots.txt, which blocks the host, is kept for a short while only. */
  failed: boolean;
}

interface CacheEntry {
  expiresAt: number;
  policy: Promise<LoadedPolicy>;
}

/**
 * The robots.txt policy of each origin, fetched once and cached: 2xx is parsed, 4xx means no rules,
 * 5xx, 429 or an unreachable host means disallow all, redirects are followed up to five hops.
 */
export class RobotsCache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly ttlMs: number;

  constructor(
    private readonly options: {
      request: RobotsRequest;
      /** The crawler's product token, e.g. `ProductDataBot`. */
      productToken: string;
      ttlMs?: number;
    },
  ) {
    this.ttlMs = Math.min(options.ttlMs ?? ROBOTS_MAX_TTL_MS, ROBOTS_MAX_TTL_MS);
  }

  policyFor(origin: string): Promise<RobotsPolicy> {
    const cached = this.entries.get(origin);
    if (cached && cached.expiresAt > Date.now()) return cached.policy;
    const entry: CacheEntry = { expiresAt: Number.POSITIVE_INFINITY, policy: this.load(origin) };
    this.entries.set(origin, entry);
    entry.policy.then(
      ({ failed }) => {
        entry.expiresAt = Date.now() + (failed ? Math.min(this.ttlMs, FAILED_TTL_MS) : this.ttlMs);
      },
      () => {
        if (this.entries.get(origin) === entry) this.entries.delete(origin);
      },
    );
    return entry.policy;
  }

  private async load(origin: string): Promise<LoadedPolicy> {
    let url = new URL('/robots.txt', origin);
    for (let hop = 0; ; hop++) {
      const response = await this.options.request(url);
      if ('networkError' in response) return disallowAll(response.networkError);
      const { status } = response;
      if (status >= 200 && status < 300)
        return { ...this.parse(response, url), networkError: null, failed: false };
      // Google's reading of the RFC: 429 says "overloaded", like 5xx, not "no robots.txt".
      if (status === 429 || status >= 500) return disallowAll(null);
      const next = status >= 300 && status < 400 ? resolveUrl(response.location, url) : null;
      if (next === null || hop >= ROBOTS_MAX_REDIRECTS) {
        return { rules: RobotsRules.allowAll(), sitemaps: [], networkError: null, failed: false };
      }
      url = next;
    }
  }

  private parse(response: RobotsResponse, url: URL): Pick<RobotsPolicy, 'rules' | 'sitemaps'> {
    const text = response.truncated ? response.body.replace(/[^\r\n]*$/, '') : response.body;
    const robots = RobotsTxt.parse(text);
    return {
      rules: robots.rulesFor(this.options.productToken),
      sitemaps: robots.sitemaps.flatMap((sitemap) => resolveUrl(sitemap, url)?.href ?? []),
    };
  }
}

function disallowAll(networkError: string | null): LoadedPolicy {
  return { rules: RobotsRules.disallowAll(), sitemaps: [], networkError, failed: true };
}

function resolveUrl(location: string | null, base: URL): URL | null {
  return location ? URL.parse(location, base) : null;
}
