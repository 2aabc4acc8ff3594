import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Cleanup, routes, startServer, testFetcher, text } from '../../../test/helpers/request-log-server.ts';
import { closedPort, startTestProxy } from '../../../test/helpers/test-proxy.ts';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const CREDENTIALS = { user: 'shop-user', password: 'p@ss:word' };

describe('a fetcher with the project proxy', () => {
  it('sends robots.txt and the page through the proxy, with its credentials', async () => {
    const shop = cleanup.add(await startServer(routes({ '/p/1': text('<p>product</p>') })));
    const proxy = cleanup.add(await startTestProxy(CREDENTIALS));
    const fetcher = cleanup.add(
      testFetcher([shop], { proxyUrl: proxy.url, allowedHosts: [shop.host, proxy.host] }),
    );

    const page = await fetcher.fetch(`${shop.origin}/p/1`);

    expect(page).toMatchObject({ outcome: 'OK', status: 200, body: '<p>product</p>' });
    expect(shop.paths()).toEqual(['/robots.txt', '/p/1']);
    expect(proxy.carried.length).toBeGreaterThanOrEqual(1);
    expect(proxy.carried.every((request) => request.target === shop.host)).toBe(true);
    expect(proxy.refused).toBe(0);
  });

  it('fails the URL as PROXY_FAILED, at once, when the proxy refuses the credentials', async () => {
    const shop = cleanup.add(await startServer(routes({ '/p/1': text('product') })));
    const proxy = cleanup.add(await startTestProxy(CREDENTIALS));
    const wrong = proxy.url.replace('shop-user', 'someone-else');
    const fetcher = cleanup.add(
      testFetcher([shop], { proxyUrl: wrong, allowedHosts: [shop.host, proxy.host] }),
    );

    const started = performance.now();
    const page = await fetcher.fetch(`${shop.origin}/p/1`);

    expect(page.outcome).toBe('PROXY_FAILED');
    expect(page.error).toMatch(/407/);
    expect(page.error).not.toContain('p@ss');
    expect(proxy.refused).toBeGreaterThanOrEqual(1);
    expect(shop.requests).toHaveLength(0);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('fails the URL as PROXY_FAILED, after its retries, when the proxy refuses the connection', async () => {
    const shop = cleanup.add(await startServer(routes({ '/p/1': text('product') })));
    const proxyHost = `127.0.0.1:${await closedPort()}`;
    const fetcher = cleanup.add(
      testFetcher([shop], { proxyUrl: `http://u:p@${proxyHost}`, allowedHosts: [shop.host, proxyHost] }),
    );

    const started = performance.now();
    const page = await fetcher.fetch(`${shop.origin}/p/1`);

    expect(page.outcome).toBe('PROXY_FAILED');
    expect(page.error).toMatch(/ECONNREFUSED/);
    expect(shop.requests).toHaveLength(0);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('gives up on a proxy that takes the connection and never answers, within the request time', async () => {
    const shop = cleanup.add(await startServer(routes({ '/p/1': text('product') })));
    const silent = net.createServer(() => {});
    const sockets = new Set<net.Socket>();
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanup.add({
      close: () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    });
    const proxyHost = `127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const fetcher = cleanup.add(
      testFetcher([shop], {
        proxyUrl: `http://${proxyHost}`,
        allowedHosts: [shop.host, proxyHost],
        timeoutMs: 300,
        maxRetries: 1,
      }),
    );

    const started = performance.now();
    const page = await fetcher.fetch(`${shop.origin}/p/1`);

    expect(page.outcome).toBe('NETWORK_ERROR');
    expect(shop.requests).toHaveLength(0);
    // Two attempts of 300 ms each, on undici's coarse timers; without the proxy's own time limit the
    // request waited until the proxy closed the connection.
    expect(performance.now() - started).toBeLessThan(6_000);
  });

  it('refuses a proxy at a private address that is not allow-listed', async () => {
    const shop = cleanup.add(await startServer(routes({ '/p/1': text('product') })));
    const proxy = cleanup.add(await startTestProxy());
    const fetcher = cleanup.add(testFetcher([shop], { proxyUrl: proxy.url }));

    const page = await fetcher.fetch(`${shop.origin}/p/1`);

    expect(page.outcome).toBe('PROXY_FAILED');
    expect(page.error).toMatch(/loopback/);
    expect(proxy.carried).toHaveLength(0);
  });

  it('still refuses targets at private addresses: the proxy is never asked for them', async () => {
    const shop = cleanup.add(await startServer(routes({ '/p/1': text('product') })));
    const proxy = cleanup.add(await startTestProxy());
    // The proxy is allow-listed, the shop is not: `localhost` resolves to loopback, 10.0.0.1 is private.
    const fetcher = cleanup.add(testFetcher([], { proxyUrl: proxy.url, allowedHosts: [proxy.host] }));

    const byName = await fetcher.fetch(`http://localhost:${shop.port}/p/1`);
    const byAddress = await fetcher.fetch('http://10.0.0.1/p/1');

    expect(byName.outcome).toBe('BLOCKED_BY_POLICY');
    expect(byName.error).toMatch(/resolves to .*loopback/);
    expect(byAddress.outcome).toBe('BLOCKED_BY_POLICY');
    expect(proxy.carried).toHaveLength(0);
    expect(shop.requests).toHaveLength(0);
  });
});
