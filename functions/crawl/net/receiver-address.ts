import dns from 'node:dns/promises';
import { blockedAddressReason, defaultPort, type HostAllowList } from './ssrf-guard.ts';

/**
 * Why a URL may not receive the service's requests (webhooks), or null when it may: http(s) only,
 * no credentials in it, and a host that is allow-listed or whose every address is public; beyond
 * the allow-list only https, since a delivery carries project data. Checked when the URL is given;
 * every connection is checked again by the guard, for hosts whose addresses change.
 */
export async function receiverAddressProblem(url: URL, allowList: HostAllowList): Promise<string | null> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `scheme ${url.protocol} is not allowed`;
  if (url.username || url.password) return 'credentials in the URL are not allowed';
  const port = url.port ? Number(url.port) : defaultPort(url.protocol);
  if (allowList.allows(url.hostname, port)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string }[];
  try {
    addresses = await dns.lookup(host, { all: true, verbatim: true });
  } catch {
    return `${url.hostname} does not resolve`;
  }
  for (const { address } of addresses) {
    const reason = blockedAddressReason(address);
    if (reason)
      return address === host
        ? `${host} is a ${reason}`
        : `${url.hostname} resolves to ${address}, a ${reason}`;
  }
  if (url.protocol !== 'https:') return 'only https URLs may receive webhooks';
  return null;
}
