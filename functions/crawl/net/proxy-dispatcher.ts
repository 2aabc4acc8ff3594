import { type Dispatcher, Pool, ProxyAgent } from 'undici';
import { createGuardedConnect, type HostAllowList } from './ssrf-guard.ts';

/**
 * The project's proxy did not carry a request: it refused or dropped the connection, sits at an
 * address the crawler may not reach, or refused the credentials (407). The fetcher reports it as
 * PROXY_FAILED; `code` keeps the cause's, so a refused connection is retried like any other.
 */
export class ProxyFailedError extends Error {
  readonly code: string;

  constructor(reason: string, code = 'PROXY_FAILED') {
    super(`the crawl proxy failed: ${reason}`);
    this.name = 'ProxyFailedError';
    this.code = code;
  }
}

export interface ProxySettings {
  /** http(s)://[user:password@]host[:port] of the project's proxy. */
  url: string;
  /** The crawler's allow-list: only an entry on it lets the proxy sit at a private address. */
  allowList: HostAllowList;
  timeoutMs: number;
}

/**
 * An undici dispatcher that sends every request through the proxy: CONNECT tunnels for http and
 * https alike, so the proxy never reads a page it carries. The connection to the proxy goes through
 * the SSRF guard like any other; the targets' addresses are checked by the fetcher before each
 * request, because the proxy, not the crawler, resolves them.
 */
export function createProxyDispatcher(settings: ProxySettings): Dispatcher {
  const guarded = createGuardedConnect({ allowList: settings.allowList, timeoutMs: settings.timeoutMs });
  const proxyHost = new URL(settings.url).host;
  const connect: typeof guarded = (options, callback) =>
    guarded(options, (error, socket) => {
      if (error) callback(new ProxyFailedError(`${proxyHost}: ${messageOf(error)}`, codeOf(error)), null);
      else callback(null, socket);
    });
  return new ProxyAgent({
    uri: settings.url,
    // The tunnel's CONNECT does not heed a request's abort signal: without a time of its own, a
    // proxy that takes the connection and never answers would hold the request for good.
    clientFactory: (origin) =>
      new Pool(origin, { connect, headersTimeout: settings.timeoutMs, bodyTimeout: settings.timeoutMs }),
    headersTimeout: settings.timeoutMs,
    bodyTimeout: settings.timeoutMs,
  });
}

/**
 * The error of one request through the proxy, told apart: the proxy's own answer to CONNECT (407
 * for credentials it does not take) is the proxy failing; a 5xx there is the proxy telling that
 * the website did not answer it, which is the website's failure as a direct connection's would be.
 */
export function proxyError(error: unknown): unknown {
  const status = /Proxy response \((\d{3})\)/.exec(messageOf(error))?.[1];
  if (status === undefined) return error;
  if (status === '407')
    return new ProxyFailedError('it refused the credentials (407 Proxy Authentication Required)');
  if (status.startsWith('5'))
    return Object.assign(new Error(`the proxy could not reach the website (${status})`), {
      code: 'PROXY_BAD_GATEWAY',
    });
  return new ProxyFailedError(`it answered ${status} to CONNECT`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
