import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoShops } from '../../fixtures/demo-shops.ts';
import { sharedProducts } from '../../fixtures/shared-products.ts';
import { type RunningShop, startShops } from '../../fixtures/start-shop.ts';

let shops: RunningShop[];

beforeAll(async () => {
  shops = await startShops(demoShops);
});

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.close()));
});

describe('the demo shops npm start serves', () => {
  it('share 80 products, the same product on each side, and differ in flavour', () => {
    const [jsonld, plain] = shops as [RunningShop, RunningShop];
    const shared = sharedProducts(jsonld, plain);
    expect(shared).toHaveLength(80);
    const byUrl = (shop: RunningShop) =>
      new Map(shop.groundTruth.products.map((product) => [product.url, product]));
    const [left, right] = [byUrl(jsonld), byUrl(plain)];
    for (const pair of shared)
      expect(right.get(pair.match_url)?.name).toBe(left.get(pair.url)?.name ?? 'a product on the left');
    expect(new Set(shops.map((shop) => shop.spec.data))).toEqual(new Set(['JSONLD', 'PLAIN']));
  });
});
