import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testShops } from '#fixtures/default-shops';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';

const spec = (name: string): ShopSpec => testShops.find((shop) => shop.name === name) as ShopSpec;
const running: RunningShop[] = [];
const start = async (shopSpec: ShopSpec): Promise<RunningShop> => {
  const shop = await startShop(shopSpec);
  running.push(shop);
  return shop;
};

afterAll(async () => {
  await Promise.all(running.map((shop) => shop.close()));
});

describe('test shops', () => {
  let first: RunningShop;
  let second: RunningShop;
  beforeAll(async () => {
    first = await start(spec('shoptet-plain-cs'));
    second = await start(spec('shoptet-plain-cs'));
  });

  it('are the same on every start of a spec, apart from the port', async () => {
    const strip = (text: string, shop: RunningShop): string => text.replaceAll(shop.origin, 'ORIGIN');
    expect(strip(JSON.stringify(first.groundTruth.products), first)).toBe(
      strip(JSON.stringify(second.groundTruth.products), second),
    );
    const path = new URL(first.groundTruth.products[7]?.url ?? '').pathname;
    const [a, b] = await Promise.all(
      [first, second].map(async (shop) =>
        Buffer.from(await (await fetch(`${shop.origin}${path}`)).arrayBuffer()),
      ),
    );
    expect(strip(a?.toString('latin1') ?? '', first)).toBe(strip(b?.toString('latin1') ?? '', second));
  });

  it('serve windows-1250 pages named only by their meta tag', async () => {
    const truth = first.groundTruth.products[0];
    const response = await fetch(truth?.url ?? '');
    expect(response.headers.get('content-type')).toBe('text/html');
    const html = new TextDecoder('windows-1250').decode(await response.arrayBuffer());
    expect(html).toContain('charset=windows-1250');
    expect(html).toContain(truth?.name);
    expect(html).toContain('Kč');
  });

  it('gzip the children of a sitemap index', async () => {
    const index = await (await fetch(`${first.origin}/sitemap.xml`)).text();
    const child = /<loc>([^<]+\.gz)<\/loc>/.exec(index)?.[1] ?? '';
    const xml = gunzipSync(Buffer.from(await (await fetch(child)).arrayBuffer())).toString('utf8');
    expect(xml).toContain(first.groundTruth.products[0]?.url);
  });

  it('redirect every path of a www shop to its prefix, but not robots.txt', async () => {
    const www = await start(spec('shoptet-jsonld-cs'));
    const response = await fetch(`${www.origin}/kontakt?x=1`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/www/kontakt?x=1');
    expect((await fetch(`${www.origin}/robots.txt`)).status).toBe(200);
  });

  it('log every request with its start and end', async () => {
    const before = first.requests.length;
    await fetch(`${first.origin}/robots.txt`);
    const entry = first.requests[before];
    expect(entry).toMatchObject({ method: 'GET', path: '/robots.txt', status: 200 });
    expect(entry?.end).toBeGreaterThanOrEqual(entry?.start ?? Number.POSITIVE_INFINITY);
  });
});
