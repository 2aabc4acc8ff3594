import { describe, expect, it } from 'vitest';
import { HISTORY_SHARDS, historyShard, PRODUCT_ID, productId } from './product-id.ts';

describe('productId', () => {
  it('is stable per identity, distinct across identities and names one of the shards', () => {
    const id = productId('https://shop.example/p/1');
    expect(id).toBe(productId('https://shop.example/p/1'));
    expect(id).not.toBe(productId('https://shop.example/p/2'));
    expect(id).toMatch(PRODUCT_ID);
    const shards = new Set(Array.from({ length: 5000 }, (_, i) => historyShard(productId(`u${i}`))));
    expect(shards.size).toBe(HISTORY_SHARDS);
  });
});
