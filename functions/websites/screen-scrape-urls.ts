import { websiteAddress } from './website-identity.ts';

/** The interface's limit of URLs in one scrape request; more is a validation error (422). */
export const MAX_SCRAPE_URLS = 100_000;
/** How many removed URLs the create response lists. */
export const MAX_REJECTED_LISTED = 100;
/** Longer URLs are refused as invalid: browsers, CDNs and sitemaps stop far below this. */
const MAX_URL_LENGTH = 2048;

export interface ScreenedUrls {
  /** The URLs to scrape, in the order given, fragments dropped. */
  accepted: string[];
  /** How many were removed: invalid, duplicate or of another website. */
  rejected: number;
  /** The first removed ones, as they were given. */
  rejectedUrls: string[];
}

/** The URL without its fragment, when it is an absolute http(s) URL of the website `identity`. */
function urlOfWebsite(text: string, identity: string): string | null {
  if (text.length > MAX_URL_LENGTH || !/^https?:\/\//i.test(text)) return null;
  const url = URL.parse(text);
  if (!url) return null;
  try {
    if (websiteAddress(url.href).identity !== identity) return null;
  } catch {
    return null;
  }
  url.hash = '';
  return url.href;
}

/**
 * The spec's cleaning of a URL list: invalid URLs (not absolute http or https, with credentials,
 * unparseable), duplicates (after dropping the fragment) and URLs of another website than
 * `identity` (host without `www.`, plus a non-default port) are removed and counted.
 */
export function screenScrapeUrls(urls: readonly string[], identity: string): ScreenedUrls {
  const accepted: string[] = [];
  const seen = new Set<string>();
  const rejectedUrls: string[] = [];
  let rejected = 0;
  for (const given of urls) {
    const url = urlOfWebsite(given.trim(), identity);
    if (url !== null && !seen.has(url)) {
      seen.add(url);
      accepted.push(url);
      continue;
    }
    rejected++;
    if (rejectedUrls.length < MAX_REJECTED_LISTED) rejectedUrls.push(given);
  }
  return { accepted, rejected, rejectedUrls };
}
