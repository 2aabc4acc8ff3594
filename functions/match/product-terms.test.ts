import { describe, expect, it } from 'vitest';
import { describeProduct } from './describe-product.ts';
import { productTerms, sharesWord } from './product-terms.ts';
import { testProduct } from './test-product.ts';

describe('sharesWord', () => {
  it('answers as the other product’s words do, for every word of every pair', () => {
    // Enough words that many share a bit of the mask without being shared.
    const names = [
      'Sony WH-1000XM4 Wireless Noise Cancelling Headphones Black',
      'Samsung 970 EVO Plus 1TB NVMe M.2 Internal SSD',
      'Logitech MX Master 3 Advanced Wireless Mouse Graphite',
      'Anker PowerCore 10000 Portable Charger Black',
      'Apple AirPods Pro Wireless Earbuds with MagSafe Charging Case',
      'Crucial MX500 1TB 3D NAND SATA 2.5 Inch Internal SSD',
      'Kingston HyperX Fury 16GB DDR4 3200MHz Desktop Memory Black',
      'Bose QuietComfort 45 Bluetooth Wireless Noise Cancelling Headphones Triple Black',
    ];
    const products = names.map((name, i) => describeProduct(testProduct(`p${i}`, name)));
    let shared = 0;
    let unshared = 0;
    for (const x of products)
      for (const y of products)
        for (let i = 0; i < x.words.length; i++) {
          const expected = productTerms(y).words.includes(x.words[i] as string);
          expect(sharesWord(x, productTerms(x), i, productTerms(y))).toBe(expected);
          if (expected) shared++;
          else unshared++;
        }
    expect(shared).toBeGreaterThan(0);
    expect(unshared).toBeGreaterThan(0);
  });
});
