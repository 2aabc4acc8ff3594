import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Cleanup,
  type Handler,
  redirect,
  routes,
  startServer,
  testFetcher,
  text,
} from '../../../test/helpers/request-log-server.ts';
import { RobotsRules, RobotsTxt } from './robots.ts';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const TOKEN = 'ProductDataBot';

function rules(robotsTxt: string, token = TOKEN): RobotsRules {
  return RobotsTxt.parse(robotsTxt).rulesFor(token);
}

describe('robots.txt parsing and matching (RFC 9309)', () => {
  it('uses the group naming the product token, case-insensitively, over the * group', () => {
    const robots = [
      'User-agent: *',
      'Disallow: /',
      '',
      'User-agent: productdatabot/2.0',
      'Disallow: /private',
    ].join('\n');

    expect(rules(robots).isAllowed('/shop')).toBe(true);
    expect(rules(robots).isAllowed('/private/x')).toBe(false);
    expect(rules(robots, 'OtherBot').isAllowed('/shop')).toBe(false);
  });

  it('merges every group for the same agent and groups of consecutive user-agent lines', () => {
    const robots = [
      'User-agent: SomeBot',
      'User-agent: ProductDataBot',
      'Disallow: /a',
      'User-agent: Unrelated',
      'Disallow: /',
      'user-agent: PRODUCTDATABOT',
      'disallow: /b',
    ].join('\r\n');

    expect(rules(robots).isAllowed('/a')).toBe(false);
    expect(rules(robots).isAllowed('/b')).toBe(false);
    expect(rules(robots).isAllowed('/c')).toBe(true);
    expect(rules(robots, 'SomeBot').isAllowed('/b')).toBe(true);
  });

  it('takes the longest matching rule and lets allow win a tie', () => {
    const robots = [
      'User-agent: *',
      'Disallow: /shop',
      'Allow: /shop/products',
      'Disallow: /shop/products/hidden',
      'Allow: /tie',
      'Disallow: /tie',
    ].join('\n');
    const parsed = rules(robots);

    expect(parsed.isAllowed('/shop/cart')).toBe(false);
    expect(parsed.isAllowed('/shop/products/1')).toBe(true);
    expect(parsed.isAllowed('/shop/products/hidden-gem')).toBe(false);
    expect(parsed.isAllowed('/tie')).toBe(true);
  });

  it('supports * anywhere and $ at the end', () => {
    const parsed = rules(
      ['User-agent: *', 'Disallow: /*.pdf$', 'Disallow: /*?sort=', 'Disallow: /a*b*c$'].join('\n'),
    );

    expect(parsed.isAllowed('/files/guide.pdf')).toBe(false);
    expect(parsed.isAllowed('/files/guide.pdf?download=1')).toBe(true);
    expect(parsed.isAllowed('/category?page=2&sort=price')).toBe(true);
    expect(parsed.isAllowed('/category?sort=price')).toBe(false);
    expect(parsed.isAllowed('/axxbyyc')).toBe(false);
    expect(parsed.isAllowed('/axxbyycd')).toBe(true);
    expect(parsed.isAllowed('/ac')).toBe(true);
  });

  it('compares percent-encoded and raw octets alike', () => {
    const parsed = rules(
      ['User-agent: *', 'Disallow: /košík', 'Disallow: /%7Euser', 'Disallow: /a%2fb'].join('\n'),
    );

    expect(parsed.isAllowed('/ko%C5%A1%C3%ADk/1')).toBe(false);
    expect(parsed.isAllowed('/ko%c5%a1%c3%adk')).toBe(false);
    expect(parsed.isAllowed('/~user/page')).toBe(false);
    expect(parsed.isAllowed('/a%2Fb')).toBe(false);
    expect(parsed.isAllowed('/a/b')).toBe(true);
  });

  it('ignores comments, rules before any user-agent, empty Disallow and unknown lines', () => {
    const parsed = rules(
      [
        'Disallow: /orphan',
        '# comment',
        'User-agent: * # all',
        'Disallow: # nothing',
        'Noindex: /x',
        'Disallow: /y',
      ].join('\n'),
    );

    expect(parsed.isAllowed('/orphan')).toBe(true);
    expect(parsed.isAllowed('/x')).toBe(true);
    expect(parsed.isAllowed('/y')).toBe(false);
  });

  it('reads Crawl-delay of the matching group and Sitemap lines anywhere', () => {
    const robots = RobotsTxt.parse(
      [
        'Sitemap: https://shop.test/sitemap.xml',
        'User-agent: *',
        'Crawl-delay: 10',
        'User-agent: ProductDataBot',
        'Crawl-delay: 0.5',
        'Sitemap: /relative.xml',
      ].join('\n'),
    );

    expect(robots.rulesFor(TOKEN).crawlDelaySeconds).toBe(0.5);
    expect(robots.rulesFor('Other').crawlDelaySeconds).toBe(10);
    expect(robots.sitemaps).toEqual(['https://shop.test/sitemap.xml', '/relative.xml']);
  });

  it('allows everything without a matching group and always allows /robots.txt', () => {
    expect(rules('User-agent: Other\nDisallow: /').isAllowed('/anything')).toBe(true);
    expect(RobotsRules.disallowAll().isAllowed('/robots.txt')).toBe(true);
    expect(RobotsRules.disallowAll().isAllowed('/')).toBe(false);
  });

  it('parses a 500 KiB file to its last rule', () => {
    const lines = ['User-agent: *'];
    for (let size = 0; size < 500 * 1024; size += (lines.at(-1)?.length ?? 0) + 1) {
      lines.push(`Disallow: /filler-${lines.length}`);
    }
    lines.push('Disallow: /last-rule');
    const robots = lines.join('\n');
    expect(Buffer.byteLength(robots)).toBeGreaterThan(500 * 1024);

    const parsed = rules(robots);

    expect(parsed.isAllowed('/last-rule')).toBe(false);
    expect(parsed.isAllowed('/filler-1')).toBe(false);
    expect(parsed.isAllowed('/other')).toBe(true);
  });
});

describe('robots.txt fetching', () => {
  async function shopWithRobots(robots: Handler, extra: Record<string, Handler> = {}) {
    const server = cleanup.add(
      await startServer(
        routes({ '/robots.txt': robots, '/page': text('page'), '/private/page': text('no'), ...extra }),
      ),
    );
    return server;
  }

  it('never requests a disallowed path, and answers BLOCKED_BY_ROBOTS', async () => {
    const server = await shopWithRobots(
      text('User-agent: *\nDisallow: /private/', { 'content-type': 'text/plain' }),
    );
    const fetcher = cleanup.add(testFetcher([server]));

    const blocked = await fetcher.fetch(`${server.origin}/private/page`);
    const allowed = await fetcher.fetch(`${server.origin}/page`);

    expect(blocked.outcome).toBe('BLOCKED_BY_ROBOTS');
    expect(blocked.status).toBeNull();
    expect(allowed.outcome).toBe('OK');
    expect(await fetcher.isAllowed(`${server.origin}/private/other`)).toBe(false);
    expect(server.paths()).toEqual(['/robots.txt', '/page']);
  });

  it('refuses a redirect into a disallowed path without requesting it', async () => {
    const server = await shopWithRobots(text('User-agent: *\nDisallow: /private/'), {
      '/moved': redirect('/private/page'),
    });
    const fetcher = cleanup.add(testFetcher([server]));

    const page = await fetcher.fetch(`${server.origin}/moved`);

    expect(page.outcome).toBe('BLOCKED_BY_ROBOTS');
    expect(page.url).toBe(`${server.origin}/private/page`);
    expect(server.paths()).toEqual(['/robots.txt', '/moved']);
  });

  it.each([404, 403, 410])('treats %i as no rules: everything allowed', async (status) => {
    const server = await shopWithRobots((_request, response) => {
      response.writeHead(status).end('User-agent: *\nDisallow: /');
    });
    const fetcher = cleanup.add(testFetcher([server]));

    expect((await fetcher.fetch(`${server.origin}/private/page`)).outcome).toBe('OK');
  });

  it.each([500, 503, 429])('treats %i as disallow all, after retrying', async (status) => {
    const server = await shopWithRobots((_request, response) => {
      response.writeHead(status).end();
    });
    const fetcher = cleanup.add(testFetcher([server], { maxRetries: 1 }));

    const page = await fetcher.fetch(`${server.origin}/page`);

    expect(page.outcome).toBe('BLOCKED_BY_ROBOTS');
    expect(server.paths()).toEqual(['/robots.txt', '/robots.txt']);
  });

  it('treats a network error as disallow all, reported as the network error it is', async () => {
    const server = await shopWithRobots((request) => {
      request.socket.destroy();
    });
    const fetcher = cleanup.add(testFetcher([server], { maxRetries: 1 }));

    const page = await fetcher.fetch(`${server.origin}/page`);

    expect(page.outcome).toBe('NETWORK_ERROR');
    expect(page.error).toContain('robots.txt unreachable');
    expect(await fetcher.isAllowed(`${server.origin}/page`)).toBe(false);
    expect(server.paths()).not.toContain('/page');
  });

  it('follows up to five redirects, and treats more as no robots.txt', async () => {
    const hops: Record<string, Handler> = {};
    for (let i = 2; i <= 6; i++) hops[`/r${i}`] = redirect(i === 6 ? '/real-robots.txt' : `/r${i + 1}`, 301);
    const disallowAll = text('User-agent: *\nDisallow: /');
    const fiveHops = await shopWithRobots(redirect('/r3'), { ...hops, '/real-robots.txt': disallowAll });
    const sixHops = await shopWithRobots(redirect('/r2'), { ...hops, '/real-robots.txt': disallowAll });
    const fetcher = cleanup.add(testFetcher([fiveHops, sixHops]));

    expect((await fetcher.fetch(`${fiveHops.origin}/page`)).outcome).toBe('BLOCKED_BY_ROBOTS');
    expect(fiveHops.paths()).toEqual(['/robots.txt', '/r3', '/r4', '/r5', '/r6', '/real-robots.txt']);
    expect((await fetcher.fetch(`${sixHops.origin}/page`)).outcome).toBe('OK');
    expect(sixHops.paths()).not.toContain('/real-robots.txt');
  });

  it('fetches robots.txt once per origin while cached, again after the TTL', async () => {
    const server = await shopWithRobots(text('User-agent: *\nDisallow: /private/'));
    const fetcher = cleanup.add(testFetcher([server], { robotsTtlMs: 300 }));

    await Promise.all([fetcher.fetch(`${server.origin}/page`), fetcher.fetch(`${server.origin}/page?2`)]);
    await fetcher.isAllowed(`${server.origin}/page`);
    expect(server.paths().filter((path) => path === '/robots.txt')).toHaveLength(1);

    await sleep(400);
    await fetcher.fetch(`${server.origin}/page`);
    expect(server.paths().filter((path) => path === '/robots.txt')).toHaveLength(2);
  });

  it('lists the Sitemap lines as absolute URLs', async () => {
    const server = await shopWithRobots(
      text('Sitemap: /sitemap_index.xml\nSitemap: https://cdn.test/s.xml.gz\n'),
    );
    const fetcher = cleanup.add(testFetcher([server]));

    expect(await fetcher.robotsSitemaps(server.origin)).toEqual([
      `${server.origin}/sitemap_index.xml`,
      'https://cdn.test/s.xml.gz',
    ]);
  });

  it('tells the Crawl-delay of an origin, null when robots.txt sets none', async () => {
    const slow = await shopWithRobots(text('User-agent: *\nCrawl-delay: 0.2\n'));
    const plain = await shopWithRobots(text('User-agent: *\nDisallow: /private/\n'));
    const fetcher = cleanup.add(testFetcher([slow, plain]));

    expect(await fetcher.crawlDelaySeconds(slow.origin)).toBe(0.2);
    expect(await fetcher.crawlDelaySeconds(plain.origin)).toBeNull();
  });

  it('reads a robots.txt past 500 KiB and ignores what lies beyond 512 KiB', async () => {
    const head = 'User-agent: *\nDisallow: /private/\n';
    const padding = `${'# padding line\n'.repeat(Math.ceil((500 * 1024) / 15))}`;
    const server = await shopWithRobots(
      text(`${head}${padding}Disallow: /after-limit\n${padding}Disallow: /page\n`),
    );
    const fetcher = cleanup.add(testFetcher([server]));

    expect((await fetcher.fetch(`${server.origin}/private/page`)).outcome).toBe('BLOCKED_BY_ROBOTS');
    expect(await fetcher.isAllowed(`${server.origin}/after-limit`)).toBe(false);
    expect((await fetcher.fetch(`${server.origin}/page`)).outcome).toBe('OK');
  });
});
