import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Cleanup,
  type Handler,
  type RequestLogServer,
  routes,
  startServer,
  testFetcher,
  text,
} from '../../../test/helpers/request-log-server.ts';
import {
  discoverSitemaps,
  parseSitemap,
  type SitemapEntry,
  sitemapEntries,
  sitemapSize,
} from './sitemaps.ts';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

function urlset(urls: string[], lastmod = '2025-03-01'): string {
  const items = urls.map((url) => `<url><loc>${url}</loc><lastmod>${lastmod}</lastmod></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</urlset>`;
}

function sitemapIndex(urls: string[]): string {
  const items = urls.map((url) => `<sitemap><loc>${url}</loc></sitemap>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</sitemapindex>`;
}

function xml(body: string): Handler {
  return text(body, { 'content-type': 'application/xml' });
}

function gzipped(body: string): Handler {
  return text(zlib.gzipSync(body), { 'content-type': 'application/gzip' });
}

async function collect(entries: AsyncIterable<SitemapEntry>): Promise<SitemapEntry[]> {
  const all: SitemapEntry[] = [];
  for await (const entry of entries) all.push(entry);
  return all;
}

function productUrls(origin: string, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${origin}/product/${from + i}`);
}

describe('parseSitemap', () => {
  it('reads loc and lastmod of urlset entries, not extension tags, with entities and CDATA', () => {
    const parsed = parseSitemap(`<?xml version="1.0"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
        <url>
          <loc> https://shop.test/p?id=1&amp;color=red </loc>
          <image:image><image:loc>https://cdn.test/1.jpg</image:loc></image:image>
          <lastmod>2025-02-03T10:00:00+01:00</lastmod>
        </url>
        <url><loc><![CDATA[https://shop.test/p?id=2&size=L]]></loc></url>
        <url><lastmod>2025-01-01</lastmod></url>
      </urlset>`);

    expect(parsed).toEqual({
      kind: 'urlset',
      entries: [
        { url: 'https://shop.test/p?id=1&color=red', lastmod: '2025-02-03T10:00:00+01:00' },
        { url: 'https://shop.test/p?id=2&size=L', lastmod: null },
      ],
    });
  });

  it('tells a sitemap index from a urlset and anything else', () => {
    expect(parseSitemap(sitemapIndex(['https://shop.test/a.xml'])).kind).toBe('sitemapindex');
    expect(parseSitemap('<html><body><url><loc>x</loc></url></body></html>')).toEqual({
      kind: null,
      entries: [],
    });
  });
});

describe('sitemap walking', () => {
  let server: RequestLogServer;

  async function startShop(table: (origin: string) => Record<string, Handler>): Promise<void> {
    let handler: Handler = routes({});
    server = cleanup.add(await startServer((request, response) => handler(request, response)));
    handler = routes(table(server.origin));
  }

  it('reads a gzipped sitemap index with gzipped and plain children, nested one level more', async () => {
    await startShop((origin) => ({
      '/robots.txt': text(`User-agent: *\nDisallow: /private/\nSitemap: ${origin}/sitemap_index.xml.gz`),
      '/sitemap_index.xml.gz': gzipped(
        sitemapIndex([
          `${origin}/sitemaps/products-1.xml.gz`,
          '/sitemaps/products-2.xml',
          `${origin}/sitemaps/more.xml`,
        ]),
      ),
      '/sitemaps/products-1.xml.gz': gzipped(urlset(productUrls(origin, 0, 300))),
      '/sitemaps/products-2.xml': xml(urlset(productUrls(origin, 300, 200), '2025-04-05')),
      '/sitemaps/more.xml': xml(sitemapIndex([`${origin}/sitemaps/products-3.xml.gz`])),
      // Served with transport gzip as well: the body arrives as plain XML despite the name.
      '/sitemaps/products-3.xml.gz': text(zlib.gzipSync(urlset(productUrls(origin, 500, 100))), {
        'content-type': 'application/xml',
        'content-encoding': 'gzip',
      }),
    }));
    const fetcher = cleanup.add(testFetcher([server]));

    const sitemaps = await discoverSitemaps(fetcher, server.origin);
    const entries = await collect(sitemapEntries(fetcher, sitemaps));

    expect(sitemaps).toEqual([`${server.origin}/sitemap_index.xml.gz`]);
    expect(entries.map((entry) => entry.url)).toEqual(productUrls(server.origin, 0, 600));
    expect(entries[0]?.lastmod).toBe('2025-03-01');
    expect(entries[300]?.lastmod).toBe('2025-04-05');
    expect(await sitemapSize(fetcher, sitemaps)).toEqual({ urls: 600, sitemaps: 5, truncated: false });
  });

  it('stops at the depth, file and URL limits and says the count is partial', async () => {
    await startShop((origin) => ({
      '/a.xml': xml(sitemapIndex([`${origin}/b.xml`, `${origin}/a.xml`])),
      '/b.xml': xml(sitemapIndex([`${origin}/c.xml`])),
      '/c.xml': xml(urlset(productUrls(origin, 0, 10))),
    }));
    const fetcher = cleanup.add(testFetcher([server]));
    const root = [`${server.origin}/a.xml`];

    expect(await sitemapSize(fetcher, root)).toEqual({ urls: 10, sitemaps: 3, truncated: false });
    expect(await sitemapSize(fetcher, root, { maxDepth: 1 })).toEqual({
      urls: 0,
      sitemaps: 2,
      truncated: true,
    });
    expect(await sitemapSize(fetcher, root, { maxSitemaps: 2 })).toEqual({
      urls: 0,
      sitemaps: 2,
      truncated: true,
    });
    expect(await sitemapSize(fetcher, root, { maxUrls: 4 })).toEqual({
      urls: 4,
      sitemaps: 3,
      truncated: true,
    });
  });

  it('finds /sitemap.xml, then /sitemap_index.xml, when robots.txt lists none', async () => {
    await startShop((origin) => ({ '/sitemap_index.xml': xml(urlset([`${origin}/p/1`])) }));
    const fetcher = cleanup.add(testFetcher([server]));

    expect(await discoverSitemaps(fetcher, server.origin)).toEqual([`${server.origin}/sitemap_index.xml`]);
    expect(server.paths()).toEqual(['/robots.txt', '/sitemap.xml', '/sitemap_index.xml']);
  });

  it('finds nothing on a shop without sitemaps, and skips a homepage served as /sitemap.xml', async () => {
    await startShop(() => ({ '/sitemap.xml': text('<html><body>Welcome</body></html>') }));
    const fetcher = cleanup.add(testFetcher([server]));

    expect(await discoverSitemaps(fetcher, server.origin)).toEqual([]);
  });

  it('does not fetch a sitemap that robots.txt disallows', async () => {
    await startShop((origin) => ({
      '/robots.txt': text(`User-agent: *\nDisallow: /private/\nSitemap: ${origin}/index.xml`),
      '/index.xml': xml(sitemapIndex([`${origin}/private/s.xml`, `${origin}/s.xml`])),
      '/s.xml': xml(urlset([`${origin}/p/1`])),
      '/private/s.xml': xml(urlset([`${origin}/p/2`])),
    }));
    const fetcher = cleanup.add(testFetcher([server]));

    const entries = await collect(sitemapEntries(fetcher, await discoverSitemaps(fetcher, server.origin)));

    expect(entries.map((entry) => entry.url)).toEqual([`${server.origin}/p/1`]);
    expect(server.paths()).not.toContain('/private/s.xml');
  });
});
