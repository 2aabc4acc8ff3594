import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Cleanup,
  delayed,
  type Handler,
  type LoggedRequest,
  redirect,
  routes,
  startServer,
  testFetcher,
  text,
} from '../../../test/helpers/request-log-server.ts';
import { DEFAULT_USER_AGENT } from './fetcher.ts';
import { parseRetryAfter, retryDelayMs } from './retry-delay.ts';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

function pages(count: number): Record<string, Handler> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`/p/${i}`, delayed(50, text(`page ${i}`))]),
  );
}

function pageRequests(requests: LoggedRequest[]): LoggedRequest[] {
  return requests
    .filter((request) => request.path.startsWith('/p/'))
    .sort((a, b) => a.startedAt - b.startedAt);
}

function sequence(...handlers: Handler[]): Handler {
  let call = 0;
  return (request, response) => {
    const handler = handlers[Math.min(call++, handlers.length - 1)];
    return handler?.(request, response);
  };
}

function status(code: number, headers: Record<string, string> = {}): Handler {
  return (_request, response) => {
    response.writeHead(code, headers).end();
  };
}

describe('politeness, measured at the server', () => {
  it('keeps Crawl-delay between the end of one request and the start of the next', async () => {
    const server = cleanup.add(
      await startServer(routes({ '/robots.txt': text('User-agent: *\nCrawl-delay: 0.2'), ...pages(4) })),
    );
    const fetcher = cleanup.add(testFetcher([server], { perHostConcurrency: 4 }));

    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => fetcher.fetch(`${server.origin}/p/${i}`)),
    );

    expect(results.map((page) => page.outcome)).toEqual(['OK', 'OK', 'OK', 'OK']);
    expect(server.maxInFlight()).toBe(1);
    const requests = server.requests.toSorted((a, b) => a.startedAt - b.startedAt);
    for (let i = 1; i < requests.length; i++) {
      const previous = requests[i - 1] as LoggedRequest;
      const gap = (requests[i] as LoggedRequest).startedAt - (previous.endedAt ?? Number.POSITIVE_INFINITY);
      expect(gap).toBeGreaterThanOrEqual(200);
    }
  });

  it('never exceeds the per-host concurrency limit', async () => {
    const server = cleanup.add(await startServer(routes(pages(12))));
    const fetcher = cleanup.add(testFetcher([server], { perHostConcurrency: 3 }));

    await Promise.all(Array.from({ length: 12 }, (_, i) => fetcher.fetch(`${server.origin}/p/${i}`)));

    expect(pageRequests(server.requests)).toHaveLength(12);
    expect(server.maxInFlight()).toBe(3);
  });

  it('spaces request starts to a host by the minimum delay', async () => {
    const server = cleanup.add(await startServer(routes(pages(5))));
    const fetcher = cleanup.add(testFetcher([server], { perHostConcurrency: 5, minDelayMs: 100 }));

    await Promise.all(Array.from({ length: 5 }, (_, i) => fetcher.fetch(`${server.origin}/p/${i}`)));

    const starts = pageRequests(server.requests).map((request) => request.startedAt);
    // A few milliseconds of slack: connection setup can delay one start more than the next.
    for (let i = 1; i < starts.length; i++)
      expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThan(90);
  });

  it('names the service in the User-Agent and offers compressed encodings', async () => {
    const server = cleanup.add(await startServer(routes({ '/': text('home') })));
    const fetcher = cleanup.add(testFetcher([server]));

    await fetcher.fetch(`${server.origin}/`);

    expect(server.requests.map((request) => request.userAgent)).toEqual([
      DEFAULT_USER_AGENT,
      DEFAULT_USER_AGENT,
    ]);
    expect(server.requests[1]?.acceptEncoding).toBe('gzip, deflate, br');
  });
});

describe('the market', () => {
  it("sends the project's Accept-Language on every request", async () => {
    const seen: (string | undefined)[] = [];
    const server = cleanup.add(
      await startServer((request, response) => {
        seen.push(request.headers['accept-language']);
        response.writeHead(200, { 'content-type': 'text/html' }).end('ok');
      }),
    );
    const fetcher = cleanup.add(testFetcher([server], { acceptLanguage: 'de-DE, de;q=0.9, en;q=0.5' }));

    await fetcher.fetch(`${server.origin}/p/1`);

    // robots.txt and the page alike.
    expect(seen).toEqual(['de-DE, de;q=0.9, en;q=0.5', 'de-DE, de;q=0.9, en;q=0.5']);
  });
});

describe('retries', () => {
  it('waits out a 429 with Retry-After in seconds, then succeeds', async () => {
    const server = cleanup.add(
      await startServer(routes({ '/busy': sequence(status(429, { 'retry-after': '1' }), text('finally')) })),
    );
    const fetcher = cleanup.add(testFetcher([server]));

    const page = await fetcher.fetch(`${server.origin}/busy`);

    expect(page.outcome).toBe('OK');
    expect(page.body).toBe('finally');
    const [first, second] = server.requests.filter((request) => request.path === '/busy');
    expect((second?.startedAt ?? 0) - (first?.endedAt ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it('holds back the whole host while a Retry-After runs', async () => {
    const server = cleanup.add(
      await startServer(
        routes({
          '/busy': sequence(status(429, { 'retry-after': '1' }), text('ok')),
          '/other': text('other'),
        }),
      ),
    );
    const fetcher = cleanup.add(testFetcher([server]));

    const busy = fetcher.fetch(`${server.origin}/busy`);
    while (!server.requests.some((request) => request.path === '/busy' && request.endedAt !== null))
      await sleep(5);
    await sleep(50);
    const other = await fetcher.fetch(`${server.origin}/other`);

    expect(other.outcome).toBe('OK');
    expect((await busy).outcome).toBe('OK');
    const refusal = server.requests.find((request) => request.path === '/busy');
    const next = server.requests.find((request) => request.path === '/other');
    expect((next?.startedAt ?? 0) - (refusal?.endedAt ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it('gives up at once when Retry-After asks for longer than the cap', async () => {
    const server = cleanup.add(
      await startServer(routes({ '/busy': status(503, { 'retry-after': '3600' }) })),
    );
    const fetcher = cleanup.add(testFetcher([server], { maxRetryDelayMs: 1000 }));

    const page = await fetcher.fetch(`${server.origin}/busy`);

    expect(page.outcome).toBe('HTTP_ERROR');
    expect(page.status).toBe(503);
    expect(server.paths().filter((path) => path === '/busy')).toHaveLength(1);
  });

  it('does not wait a Retry-After of one day, with the production cap and no time budget', async () => {
    const server = cleanup.add(
      await startServer(routes({ '/busy': status(429, { 'retry-after': '86400' }) })),
    );
    const fetcher = cleanup.add(testFetcher([server], { maxRetryDelayMs: 30_000 }));

    const started = performance.now();
    const page = await fetcher.fetch(`${server.origin}/busy`);

    expect(page).toMatchObject({ outcome: 'HTTP_ERROR', status: 429 });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(server.paths().filter((path) => path === '/busy')).toHaveLength(1);
  });

  it('does not wait a Retry-After that ends beyond the time budget', async () => {
    const server = cleanup.add(await startServer(routes({ '/busy': status(429, { 'retry-after': '2' }) })));
    const fetcher = cleanup.add(testFetcher([server], { maxRetryDelayMs: 10_000 }));

    const started = performance.now();
    const page = await fetcher.fetch(`${server.origin}/busy`, { deadline: performance.now() + 500 });

    expect(page).toMatchObject({ outcome: 'HTTP_ERROR', status: 429 });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(server.paths().filter((path) => path === '/busy')).toHaveLength(1);
  });

  it('sends fewer requests at once, spaced further, to a host that answers 429', async () => {
    let inFlight = 0;
    let refused = 0;
    let lastStart = Number.NEGATIVE_INFINITY;
    // Refuses a second request in flight, or one started within 400 ms of the previous one.
    const strict: Handler = (_request, response) => {
      const now = performance.now();
      if (inFlight > 0 || now - lastStart < 400) {
        refused++;
        response.writeHead(429, { 'retry-after': '1' }).end();
        return;
      }
      inFlight++;
      lastStart = now;
      setTimeout(() => {
        inFlight--;
        response.writeHead(200, { 'content-type': 'text/html' }).end('ok');
      }, 20);
    };
    const server = cleanup.add(
      await startServer(routes(Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`/p/${i}`, strict])))),
    );
    const fetcher = cleanup.add(testFetcher([server], { perHostConcurrency: 4, maxRetryDelayMs: 5_000 }));

    const results = await Promise.all([0, 1, 2, 3, 4].map((i) => fetcher.fetch(`${server.origin}/p/${i}`)));

    expect(results.map((page) => page.outcome)).toEqual(['OK', 'OK', 'OK', 'OK', 'OK']);
    const pages = pageRequests(server.requests);
    // Once slowed down, requests come one at a time at least 500 ms apart, so the refusals stop early.
    expect(refused).toBeLessThanOrEqual(4);
    const last = pages.slice(-3);
    for (let i = 1; i < last.length; i++)
      expect((last[i]?.startedAt ?? 0) - (last[i - 1]?.startedAt ?? 0)).toBeGreaterThanOrEqual(400);
  }, 20_000);

  it('retries a bot wall once later, then reports BOT_WALL', async () => {
    const challenge =
      '<html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>';
    const server = cleanup.add(
      await startServer(routes({ '/walled': status(403), '/challenge': text(challenge) })),
    );
    const fetcher = cleanup.add(testFetcher([server], { botWallRetryDelayMs: 300 }));

    const walled = await fetcher.fetch(`${server.origin}/walled`);
    const challenged = await fetcher.fetch(`${server.origin}/challenge`);

    expect(walled).toMatchObject({ outcome: 'BOT_WALL', status: 403, body: '' });
    expect(challenged).toMatchObject({ outcome: 'BOT_WALL', status: 200, body: '' });
    const attempts = server.requests.filter((request) => request.path === '/walled');
    expect(attempts).toHaveLength(2);
    expect((attempts[1]?.startedAt ?? 0) - (attempts[0]?.endedAt ?? 0)).toBeGreaterThanOrEqual(300);
  });

  it('reads the page when the bot wall is gone at the later try', async () => {
    const server = cleanup.add(await startServer(routes({ '/once': sequence(status(403), text('page')) })));
    const fetcher = cleanup.add(testFetcher([server], { botWallRetryDelayMs: 50 }));

    expect(await fetcher.fetch(`${server.origin}/once`)).toMatchObject({ outcome: 'OK', body: 'page' });
  });

  it('does not retry a bot wall when the retry would end beyond the time budget', async () => {
    const server = cleanup.add(await startServer(routes({ '/walled': status(403) })));
    const fetcher = cleanup.add(testFetcher([server], { botWallRetryDelayMs: 5_000 }));

    const page = await fetcher.fetch(`${server.origin}/walled`, { deadline: performance.now() + 1_000 });

    expect(page.outcome).toBe('BOT_WALL');
    expect(server.paths().filter((path) => path === '/walled')).toHaveLength(1);
  });

  it('retries intermittent 5xx with backoff, then succeeds', async () => {
    const server = cleanup.add(
      await startServer(routes({ '/flaky': sequence(status(500), status(502), status(503), text('ok')) })),
    );
    const fetcher = cleanup.add(testFetcher([server], { maxRetries: 3 }));

    const page = await fetcher.fetch(`${server.origin}/flaky`);

    expect(page.outcome).toBe('OK');
    const attempts = server.requests.filter((request) => request.path === '/flaky');
    expect(attempts).toHaveLength(4);
    // Backoff from 20 ms doubling, at least half of it fixed: 10, 20, 40 ms.
    for (const [i, minimum] of [10, 20, 40].entries()) {
      const gap = (attempts[i + 1]?.startedAt ?? 0) - (attempts[i]?.endedAt ?? 0);
      expect(gap).toBeGreaterThanOrEqual(minimum - 1);
    }
  });

  it('reports HTTP_ERROR with the last status when 5xx persists', async () => {
    const server = cleanup.add(await startServer(routes({ '/down': status(500) })));
    const fetcher = cleanup.add(testFetcher([server], { maxRetries: 2 }));

    const page = await fetcher.fetch(`${server.origin}/down`);

    expect(page).toMatchObject({ outcome: 'HTTP_ERROR', status: 500, body: '' });
    expect(server.paths().filter((path) => path === '/down')).toHaveLength(3);
  });

  it('does not retry a 404', async () => {
    const server = cleanup.add(await startServer(routes({})));
    const fetcher = cleanup.add(testFetcher([server]));

    expect((await fetcher.fetch(`${server.origin}/gone`)).outcome).toBe('NOT_FOUND');
    expect(server.paths()).toEqual(['/robots.txt', '/gone']);
  });

  it('times out a slow response and retries it', async () => {
    const server = cleanup.add(
      await startServer(
        routes({
          '/slow': delayed(600, text('late')),
          '/slow-once': sequence(delayed(600, text('late')), text('fast')),
        }),
      ),
    );
    const fetcher = cleanup.add(testFetcher([server], { timeoutMs: 150, maxRetries: 1 }));

    const slow = await fetcher.fetch(`${server.origin}/slow`);
    const slowOnce = await fetcher.fetch(`${server.origin}/slow-once`);

    expect(slow.outcome).toBe('NETWORK_ERROR');
    expect(slow.error).toContain('150 ms');
    expect(server.paths().filter((path) => path === '/slow')).toHaveLength(2);
    expect(slowOnce.outcome).toBe('OK');
    expect(slowOnce.body).toBe('fast');
  });

  it('ends a fetch when the caller aborts, while waiting for the host or mid-request', async () => {
    const server = cleanup.add(await startServer(routes({ '/slow': delayed(500, text('late')) })));
    const fetcher = cleanup.add(testFetcher([server], { perHostConcurrency: 1 }));

    const caller = new AbortController();
    const slow = fetcher.fetch(`${server.origin}/slow`, { signal: caller.signal });
    const queued = fetcher.fetch(`${server.origin}/slow?2`, { signal: caller.signal });
    while (!server.paths().includes('/slow')) await sleep(5);
    caller.abort(new DOMException('caller gave up', 'TimeoutError'));

    await expect(slow).rejects.toMatchObject({ name: 'TimeoutError' });
    await expect(queued).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(server.paths()).toEqual(['/robots.txt', '/slow']);
  });

  it('reads Retry-After as seconds or an HTTP-date, and caps backoff', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');

    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(retryDelayMs({ attempt: 10, baseMs: 500, capMs: 5000, random: () => 1 })).toBe(5000);
    expect(retryDelayMs({ attempt: 0, baseMs: 500, capMs: 5000, random: () => 0 })).toBe(250);
    expect(retryDelayMs({ attempt: 0, retryAfter: '3', baseMs: 500, capMs: 5000 })).toBe(3000);
    expect(retryDelayMs({ attempt: 0, retryAfter: '6', baseMs: 500, capMs: 5000 })).toBeNull();
  });
});

describe('bodies', () => {
  const big = 'x'.repeat(200_000);

  it('stops a body over the size limit, with or without Content-Length, and a compression bomb', async () => {
    const server = cleanup.add(
      await startServer(
        routes({
          '/declared': text(big),
          '/chunked': (_request, response) => {
            response.writeHead(200, { 'content-type': 'text/html' });
            for (let i = 0; i < 20; i++) response.write('y'.repeat(10_000));
            response.end();
          },
          '/bomb': text(zlib.gzipSync(Buffer.alloc(50_000_000)), { 'content-encoding': 'gzip' }),
          '/small': text('fits'),
        }),
      ),
    );
    const fetcher = cleanup.add(testFetcher([server], { maxBodyBytes: 100_000 }));

    for (const path of ['/declared', '/chunked', '/bomb']) {
      const page = await fetcher.fetch(`${server.origin}${path}`);
      expect(page.outcome, path).toBe('TOO_LARGE');
      expect(page.body).toBe('');
    }
    expect((await fetcher.fetch(`${server.origin}/small`)).outcome).toBe('OK');
    expect((await fetcher.fetch(`${server.origin}/declared`, { maxBodyBytes: 300_000 })).body).toBe(big);
  });

  it('decodes gzip, deflate and br content-encodings', async () => {
    const html = '<p>Žluťoučký kůň</p>'.repeat(100);
    const server = cleanup.add(
      await startServer(
        routes({
          '/gzip': text(zlib.gzipSync(html), { 'content-encoding': 'gzip' }),
          '/deflate': text(zlib.deflateSync(html), { 'content-encoding': 'deflate' }),
          '/br': text(zlib.brotliCompressSync(html), { 'content-encoding': 'br' }),
        }),
      ),
    );
    const fetcher = cleanup.add(testFetcher([server]));

    for (const path of ['/gzip', '/deflate', '/br']) {
      const page = await fetcher.fetch(`${server.origin}${path}`);
      expect(page.outcome, path).toBe('OK');
      expect(page.body, path).toBe(html);
    }
  });
});

describe('redirects', () => {
  it('follows redirects within the limit and reports the final URL', async () => {
    const server = cleanup.add(
      await startServer(
        routes({
          '/old': redirect('/middle', 301),
          '/middle': redirect('/new#top', 308),
          '/new': text('new'),
        }),
      ),
    );
    const fetcher = cleanup.add(testFetcher([server]));

    const page = await fetcher.fetch(`${server.origin}/old`);

    expect(page).toMatchObject({
      outcome: 'OK',
      requestedUrl: `${server.origin}/old`,
      url: `${server.origin}/new`,
    });
    expect(page.body).toBe('new');
  });

  it('stops after maxRedirects hops', async () => {
    const loop: Record<string, Handler> = {};
    for (let i = 0; i < 10; i++) loop[`/r/${i}`] = redirect(`/r/${i + 1}`);
    const server = cleanup.add(await startServer(routes(loop)));
    const fetcher = cleanup.add(testFetcher([server], { maxRedirects: 3 }));

    const page = await fetcher.fetch(`${server.origin}/r/0`);

    expect(page).toMatchObject({ outcome: 'HTTP_ERROR', status: 302, url: `${server.origin}/r/3` });
    expect(page.error).toContain('redirects');
    expect(server.paths()).toEqual(['/robots.txt', '/r/0', '/r/1', '/r/2', '/r/3']);
  });
});

describe('charset detection', () => {
  // "Žluťoučký kůň" in windows-1250, written out so the test does not depend on an encoder.
  const cp1250 = Buffer.from([0x8e, 0x6c, 0x75, 0x9d, 0x6f, 0x75, 0xe8, 0x6b, 0xfd, 0x20, 0x6b, 0xf9, 0xf2]);
  const page = (head: string) =>
    Buffer.concat([
      Buffer.from(`<html><head>${head}</head><body><h1>`),
      cp1250,
      Buffer.from('</h1></body></html>'),
    ]);

  it.each([
    ['Content-Type header', '/header'],
    ['<meta charset>', '/meta'],
    ['<meta http-equiv>', '/http-equiv'],
  ])('decodes a windows-1250 page declared by %s', async (_how, path) => {
    const server = cleanup.add(
      await startServer(
        routes({
          '/header': text(page(''), { 'content-type': 'text/html; charset=windows-1250' }),
          '/meta': text(page('<meta charset="windows-1250">'), { 'content-type': 'text/html' }),
          '/http-equiv': text(page('<meta http-equiv="Content-Type" content="text/html; charset=cp1250">'), {
            'content-type': 'text/html',
          }),
        }),
      ),
    );
    const fetcher = cleanup.add(testFetcher([server]));

    const fetched = await fetcher.fetch(`${server.origin}${path}`);

    expect(fetched.body).toContain('<h1>Žluťoučký kůň</h1>');
    expect(Buffer.from(fetched.bytes).includes(cp1250)).toBe(true);
  });

  it('prefers a byte-order mark and falls back to windows-1252 for undeclared non-UTF-8', async () => {
    const server = cleanup.add(
      await startServer(
        routes({
          '/bom': text(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Kč 1 299,90')]), {
            'content-type': 'text/html; charset=iso-8859-1',
          }),
          '/legacy': text(Buffer.from([0x43, 0x61, 0x66, 0xe9]), { 'content-type': 'text/html' }),
        }),
      ),
    );
    const fetcher = cleanup.add(testFetcher([server]));

    expect((await fetcher.fetch(`${server.origin}/bom`)).body).toBe('Kč 1 299,90');
    expect((await fetcher.fetch(`${server.origin}/legacy`)).body).toBe('Café');
  });
});
