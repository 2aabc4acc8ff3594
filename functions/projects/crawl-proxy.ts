/** A project's own proxy for its crawls, as a user names it in `crawl_proxy`. */
export interface CrawlProxy {
  /** The URL as the crawler uses it, credentials included: kept sealed, never shown. */
  url: string;
  /** host[:port] of the proxy, the only part a project view shows. */
  host: string;
}

/** Long enough for a host and generous credentials; the whole URL is sealed as one value. */
export const CRAWL_PROXY_MAX_LENGTH = 2048;

/**
 * Reads a proxy URL: `http://` or `https://`, a host, an optional port and `user:password`, and
 * nothing else (a path, query or fragment means the user pasted something other than a proxy).
 * The reason names what is wrong without repeating the URL, which may carry a password.
 */
export function readCrawlProxy(text: string): CrawlProxy | { reason: string } {
  if (text.length > CRAWL_PROXY_MAX_LENGTH)
    return { reason: `The proxy URL is longer than ${CRAWL_PROXY_MAX_LENGTH} characters.` };
  const url = URL.parse(text);
  if (url === null) return { reason: 'The proxy is not a URL (http://user:password@host:port).' };
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { reason: 'The proxy URL must start with http:// or https://.' };
  if (url.hostname === '') return { reason: 'The proxy URL names no host.' };
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '')
    return { reason: 'The proxy URL must not have a path, query or fragment.' };
  if (url.password !== '' && url.username === '')
    return { reason: 'The proxy URL has a password without a user name.' };
  return { url: url.href.replace(/\/$/, ''), host: url.host };
}
