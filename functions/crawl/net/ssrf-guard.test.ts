import type dns from 'node:dns';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Cleanup,
  type RequestLogServer,
  redirect,
  routes,
  startServer,
  testFetcher,
  text,
} from '../../../test/helpers/request-log-server.ts';
import {
  assertHostResolvesPublic,
  blockedAddressReason,
  createGuardedConnect,
  createGuardedLookup,
  guardedLookup,
  HostAllowList,
  parseAllowedHosts,
  SsrfBlockedError,
} from './ssrf-guard.ts';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

describe('blockedAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0x7f.0.0.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['2130706433', 'loopback'],
    ['017700000001', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'linkLocal'],
    ['169.254.169.254', 'metadata'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'teredo'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b:1::808:808', 'rfc6052'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['localhost', 'not an IP'],
  ])('blocks %s (%s)', (address, reason) => {
    expect(blockedAddressReason(address)).toContain(reason);
  });

  it.each([
    '8.8.8.8',
    '93.184.215.14',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows public %s', (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });
});

describe('HostAllowList', () => {
  it('allows a bare host on any port and host:port on that port only', () => {
    const allowList = new HostAllowList(parseAllowedHosts(' Shop.Test , 127.0.0.1:8080,[::1]:99,,'));

    expect(allowList.allows('shop.test', 80)).toBe(true);
    expect(allowList.allows('SHOP.TEST.', 8443)).toBe(true);
    expect(allowList.allows('127.0.0.1', 8080)).toBe(true);
    expect(allowList.allows('127.1', 8080)).toBe(true);
    expect(allowList.allows('127.0.0.1', 8081)).toBe(false);
    expect(allowList.allows('[::1]', 99)).toBe(true);
    expect(allowList.allows('::1', 98)).toBe(false);
    expect(allowList.allows('other.test', 80)).toBe(false);
  });

  it('is empty when the variable is unset', () => {
    expect(parseAllowedHosts(undefined)).toEqual([]);
  });
});

function lookupThrough(
  addresses: dns.LookupAddress[],
  all: boolean,
): Promise<{ error: Error | null; result: unknown; family?: number }> {
  const lookup = createGuardedLookup((_hostname, _options, callback) => callback(null, addresses));
  return new Promise((resolve) => {
    lookup('shop.example', { all }, (error, result, family) => resolve({ error, result, family }));
  });
}

describe('guarded lookup', () => {
  it('fails when any one of the resolved addresses is private', async () => {
    const { error } = await lookupThrough(
      [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
      true,
    );

    expect(error).toBeInstanceOf(SsrfBlockedError);
    expect(error?.message).toContain('10.0.0.5');
  });

  it('passes public addresses on in both callback shapes', async () => {
    const addresses = [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ];

    expect((await lookupThrough(addresses, true)).result).toEqual(addresses);
    expect(await lookupThrough(addresses, false)).toEqual({
      error: null,
      result: '93.184.215.14',
      family: 4,
    });
  });

  it('refuses a real hostname that resolves to loopback', async () => {
    const error = await new Promise((resolve) => guardedLookup('localhost', { all: true }, resolve));

    expect(error).toBeInstanceOf(SsrfBlockedError);
  });
});

describe('a target handed to a proxy', () => {
  const resolvingTo =
    (...addresses: string[]) =>
    (
      _hostname: string,
      _options: dns.LookupAllOptions,
      callback: (error: null, found: dns.LookupAddress[]) => void,
    ) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
  const none = new HostAllowList([]);

  it('is refused when any of its addresses is private, and passes when all are public', async () => {
    const target = new URL('https://shop.example/p/1');

    await expect(
      assertHostResolvesPublic(target, none, resolvingTo('93.184.215.14', '169.254.169.254')),
    ).rejects.toThrow(/metadata address/);
    await expect(
      assertHostResolvesPublic(target, none, resolvingTo('93.184.215.14')),
    ).resolves.toBeUndefined();
  });

  it('is not resolved when allow-listed or a literal IP (which assertUrlAllowed judges)', async () => {
    const never = () => {
      throw new Error('resolved');
    };

    await expect(
      assertHostResolvesPublic(
        new URL('http://shop.test:8080/'),
        new HostAllowList(['shop.test:8080']),
        never,
      ),
    ).resolves.toBeUndefined();
    await expect(assertHostResolvesPublic(new URL('http://10.0.0.1/'), none, never)).resolves.toBeUndefined();
  });
});

describe('guarded undici connect', () => {
  async function requestThrough(allowed: string[], url: string): Promise<number> {
    const agent = cleanup.add(
      new Agent({ connect: createGuardedConnect({ allowList: new HostAllowList(allowed) }) }),
    );
    const response = await request(url, { dispatcher: agent });
    await response.body.dump();
    return response.statusCode;
  }

  it('refuses literal and resolved private addresses unless allow-listed', async () => {
    const server = cleanup.add(await startServer(text('ok')));

    await expect(requestThrough([], `${server.origin}/`)).rejects.toBeInstanceOf(SsrfBlockedError);
    await expect(requestThrough([], `http://localhost:${server.port}/`)).rejects.toBeInstanceOf(
      SsrfBlockedError,
    );
    expect(server.requests).toHaveLength(0);

    expect(await requestThrough([server.host], `${server.origin}/`)).toBe(200);
    expect(server.requests).toHaveLength(1);
  });
});

describe('fetcher SSRF policy', () => {
  let shop: RequestLogServer;
  let internal: RequestLogServer;

  async function startShops(): Promise<void> {
    internal = cleanup.add(await startServer(text('internal secret')));
    shop = cleanup.add(
      await startServer(
        routes({
          '/ok': text('shop page'),
          '/to-internal': redirect(`${internal.origin}/`),
          '/to-localhost': redirect(`http://localhost:${internal.port}/`),
          '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
          '/to-mapped': redirect(`http://[::ffff:127.0.0.1]:${internal.port}/`),
          '/to-decimal': redirect(`http://2130706433:${internal.port}/`),
          '/to-file': redirect('file:///etc/passwd'),
        }),
      ),
    );
  }

  it.each([
    'http://127.0.0.1:PORT/',
    'http://127.1:PORT/',
    'http://0177.0.0.1:PORT/',
    'http://0x7f.0.0.1:PORT/',
    'http://0x7f000001:PORT/',
    'http://2130706433:PORT/',
    'http://[::1]:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
    'http://[::ffff:7f00:1]:PORT/',
    'http://[64:ff9b::7f00:1]:PORT/',
    'http://[2002:7f00:1::]:PORT/',
    'http://0.0.0.0:PORT/',
    'http://localhost:PORT/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://10.0.0.1/',
    'http://192.168.0.1/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://100.64.0.1/',
  ])('refuses %s without any request', async (url) => {
    await startShops();
    const fetcher = cleanup.add(testFetcher([shop]));

    const page = await fetcher.fetch(url.replace('PORT', String(internal.port)));

    expect(page.outcome).toBe('BLOCKED_BY_POLICY');
    expect(internal.requests).toHaveLength(0);
  });

  it.each(['/to-internal', '/to-localhost', '/to-metadata', '/to-mapped', '/to-decimal', '/to-file'])(
    'refuses a redirect from an allowed host to a private target (%s)',
    async (path) => {
      await startShops();
      const fetcher = cleanup.add(testFetcher([shop]));

      const page = await fetcher.fetch(`${shop.origin}${path}`);

      expect(page.outcome).toBe('BLOCKED_BY_POLICY');
      expect(page.requestedUrl).toBe(`${shop.origin}${path}`);
      expect(shop.paths()).toContain(path);
      expect(internal.requests).toHaveLength(0);
    },
  );

  it('allows by host on any port, by host:port on that port only', async () => {
    await startShops();
    const byHost = cleanup.add(testFetcher([], { allowedHosts: ['127.0.0.1'] }));
    const byPort = cleanup.add(testFetcher([], { allowedHosts: [shop.host] }));

    expect((await byHost.fetch(`${shop.origin}/ok`)).outcome).toBe('OK');
    expect((await byHost.fetch(`${internal.origin}/`)).outcome).toBe('OK');
    expect((await byPort.fetch(`${shop.origin}/ok`)).outcome).toBe('OK');
    expect((await byPort.fetch(`${internal.origin}/`)).outcome).toBe('BLOCKED_BY_POLICY');
    expect(await byPort.isAllowed(`${internal.origin}/`)).toBe(false);
    expect(internal.paths()).toEqual(['/robots.txt', '/']);
  });
});
