/** A host name without its `www.` label: `www.shop.test` and `shop.test` are one website. */
const bareHost = (host: string): string => host.replace(/^www\./i, '').toLowerCase();

/**
 * Whether a URL belongs to the website at `origin`: the same host (and port) or its `www.` twin,
 * over HTTP or HTTPS. A scrape reads nothing else: a product card linking to another host (a
 * marketplace, a partner shop) is not the website's page.
 */
export function isSameSite(url: URL | string, origin: string): boolean {
  const candidate = typeof url === 'string' ? URL.parse(url) : url;
  const site = URL.parse(origin);
  if (!candidate || !site || !/^https?:$/.test(candidate.protocol)) return false;
  return bareHost(candidate.host) === bareHost(site.host);
}
