import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { buildConnector } from 'undici';

/** Thrown when a URL or address must not be contacted; the fetcher reports it as BLOCKED_BY_POLICY. */
export class SsrfBlockedError extends Error {
  readonly code = 'SSRF_BLOCKED';

  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(`refusing to contact ${host}: ${reason}`);
    this.name = 'SsrfBlockedError';
  }
}

// Cloud instance-metadata endpoints, named so that a refusal says what was being reached for.
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '192.0.0.192']);

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const IPV4_COMPATIBLE_V6 = ipaddr.IPv6.parseCIDR('::/96');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * The reason an IP address must not be contacted, or null when it is a public unicast address.
 * Accepts every notation ipaddr.js parses (`127.1`, `0177.0.0.1`, `0x7f000001`, `2130706433`,
 * `::ffff:127.0.0.1`, zone ids); anything else that is not an IP is refused.
 */
export function blockedAddressReason(address: string): string | null {
  const literal = stripBrackets(address);
  if (!ipaddr.isValid(literal)) return 'not an IP address';
  const ip = ipaddr.parse(literal);
  if (METADATA_ADDRESSES.has(ip.toString())) return 'metadata address';
  if (ip instanceof ipaddr.IPv4) {
    const range = ip.range();
    return range === 'unicast' ? null : `${range} address`;
  }
  return blockedV6Reason(ip);
}

// IPv6 is allowed only inside global unicast 2000::/3; forms that embed an IPv4 address are judged
// by the embedded address, so ::ffff:127.0.0.1 or 64:ff9b::7f00:1 cannot smuggle loopback through.
function blockedV6Reason(ip: ipaddr.IPv6): string | null {
  const embedded = embeddedIPv4(ip);
  if (embedded) {
    const reason = blockedAddressReason(embedded.toString());
    return reason ? `${reason} embedded in IPv6 ${ip.toString()}` : null;
  }
  const range = ip.range();
  if (range !== 'unicast' || !ip.match(GLOBAL_UNICAST_V6)) return `${range} IPv6 address`;
  return null;
}

function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = ip.toByteArray();
  const lastFour = new ipaddr.IPv4(bytes.slice(12, 16));
  const range = ip.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return lastFour;
  // The well-known NAT64 prefix places the IPv4 address last; the local-use 64:ff9b:1::/48 may put
  // it elsewhere, so that one stays blocked as a whole.
  if (ip.match(NAT64_WELL_KNOWN)) return lastFour;
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  if (range === 'unicast' && ip.match(IPV4_COMPATIBLE_V6)) return lastFour;
  return null;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** Whether a URL host is an IP literal (and so skips DNS lookup when connecting). */
function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(stripBrackets(host));
}

/** Splits the comma-separated CRAWL_ALLOWED_HOSTS value into allow-list entries. */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * Hosts that may be contacted whatever they resolve to: `host` (any port) or `host:port`, IPv6 in
 * brackets. Only local runs and tests set it (CRAWL_ALLOWED_HOSTS); a deployed stage leaves it empty.
 */
export class HostAllowList {
  private readonly anyPort = new Set<string>();
  private readonly withPort = new Set<string>();

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      // A bare IPv6 address has colons but no port; host:port needs brackets around IPv6.
      const match = ipaddr.IPv6.isValid(entry) ? null : /^(.+?)(?::(\d+))?$/.exec(entry);
      const host = normaliseHost(match?.[1] ?? entry);
      if (match?.[2] === undefined) this.anyPort.add(host);
      else this.withPort.add(`${host}:${Number(match[2])}`);
    }
  }

  allows(host: string, port: number): boolean {
    const normalised = normaliseHost(host);
    return this.anyPort.has(normalised) || this.withPort.has(`${normalised}:${port}`);
  }
}

function normaliseHost(host: string): string {
  const bare = stripBrackets(host.toLowerCase()).replace(/\.$/, '');
  return ipaddr.isValid(bare) ? ipaddr.parse(bare).toString() : bare;
}

export function defaultPort(protocol: string): number {
  return protocol === 'https:' ? 443 : 80;
}

/**
 * Refuses a URL before any connection: schemes other than http(s), and literal IP hosts in a blocked
 * range, unless the host is allow-listed. Hostnames are judged at connect time by the guarded lookup.
 */
export function assertUrlAllowed(url: URL, allowList: HostAllowList): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SsrfBlockedError(url.host, `scheme ${url.protocol} is not fetched`);
  }
  const port = url.port ? Number(url.port) : defaultPort(url.protocol);
  if (allowList.allows(url.hostname, port)) return;
  if (!isIpLiteral(url.hostname)) return;
  const reason = blockedAddressReason(url.hostname);
  if (reason) throw new SsrfBlockedError(url.host, reason);
}

/**
 * Refuses a URL whose host resolves to any blocked address, before the URL is handed to a proxy
 * that will resolve and connect on the crawler's behalf; literal IPs are judged by assertUrlAllowed.
 */
export async function assertHostResolvesPublic(
  url: URL,
  allowList: HostAllowList,
  resolveAll: LookupAll = systemLookupAll,
): Promise<void> {
  const port = url.port ? Number(url.port) : defaultPort(url.protocol);
  if (allowList.allows(url.hostname, port) || isIpLiteral(url.hostname)) return;
  const lookup = createGuardedLookup(resolveAll);
  await new Promise<void>((resolve, reject) => {
    lookup(url.hostname, { all: true }, (error) => (error ? reject(error) : resolve()));
  });
}

type LookupAll = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

const systemLookupAll: LookupAll = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/**
 * A `net.connect` / undici `connect.lookup` function that resolves every address of the host and
 * fails with SsrfBlockedError when any of them is blocked, so DNS answers mixing public and private
 * addresses (or rebinding between check and connect) cannot reach a private address.
 */
export function createGuardedLookup(resolveAll: LookupAll = systemLookupAll): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '');
        return;
      }
      for (const { address } of addresses) {
        const reason = blockedAddressReason(address);
        if (reason) {
          callback(new SsrfBlockedError(hostname, `resolves to ${address}, ${reason}`), '');
          return;
        }
      }
      const [first] = addresses;
      if (options.all) callback(null, addresses);
      else if (first) callback(null, first.address, first.family);
      else callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
    });
  };
}

export const guardedLookup: LookupFunction = createGuardedLookup();

/**
 * An undici `connect` function applying the guard to every connection (so to every redirect hop):
 * allow-listed host:port pairs connect directly, literal IPs (which skip lookup) are checked here,
 * everything else connects through the guarded lookup.
 */
export function createGuardedConnect(options: {
  allowList: HostAllowList;
  timeoutMs?: number;
  lookup?: LookupFunction;
}): buildConnector.connector {
  const direct = buildConnector({ timeout: options.timeoutMs });
  const guarded = buildConnector({ timeout: options.timeoutMs, lookup: options.lookup ?? guardedLookup });
  return (connectOptions, callback) => {
    const { hostname, protocol } = connectOptions;
    const port = connectOptions.port ? Number(connectOptions.port) : defaultPort(protocol);
    if (options.allowList.allows(hostname, port)) {
      direct(connectOptions, callback);
      return;
    }
    if (isIpLiteral(hostname)) {
      const reason = blockedAddressReason(hostname);
      if (reason) {
        callback(new SsrfBlockedError(hostname, reason), null);
        return;
      }
    }
    guarded(connectOptions, callback);
  };
}
