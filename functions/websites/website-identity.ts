import { BadRequest } from '#core/problem';

export interface WebsiteAddress {
  /** What makes two URLs the same website: the host in lower case without a leading `www.`, plus the port when it is not the scheme's default. */
  identity: string;
  /** The home page the setup crawls: the URL's scheme and host, path and query dropped. */
  homepage: string;
}

const SCHEMES = new Set(['http:', 'https:']);

/**
 * The website a setup URL names (spec rule 2: the whole website at the URL's domain). A URL typed
 * without a scheme is read as https, the way a browser's address bar does.
 */
export function websiteAddress(input: string): WebsiteAddress {
  const text = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw BadRequest('INVALID_URL', `${input} is not a valid website URL.`);
  }
  if (!SCHEMES.has(url.protocol) || url.hostname === '' || url.username || url.password) {
    throw BadRequest('INVALID_URL', `${input} is not an http or https website URL without credentials.`);
  }
  // A name with no dot is no public website (and an IPv6 literal keeps its colons in brackets).
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (!host.includes('.') && !host.startsWith('[')) {
    throw BadRequest('INVALID_URL', `${input} does not name a website's domain.`);
  }
  const port = url.port ? `:${url.port}` : '';
  return {
    identity: `${host.replace(/^www\./, '')}${port}`,
    homepage: `${url.protocol}//${host}${port}/`,
  };
}
