import { describe, expect, it } from 'vitest';
import { describeProduct } from './describe-product.ts';
import { internFeatures, internStrings } from './intern-strings.ts';
import { testProduct } from './test-product.ts';

const products = [
  testProduct('a', 'Fellowes FDB130WH Shredder 4 GB, SPD-SL pedal', {
    brand: 'Fellowes Inc.',
    mpn: 'FDB-130WH',
  }),
  testProduct('b', 'Fellowes FDB130RGS shredder 4GB black', { brand: 'Fellowes' }),
  testProduct('c', 'Ηλεκτρικός βραστήρας 電気ケトル 1.7 l'),
  testProduct('d', ''),
];

describe('internStrings', () => {
  it('returns an equal string for every string, the first seen for a repeat', () => {
    const intern = internStrings();
    const words = ['kettle', 'steel', 'kettle', '', 'steel'];
    expect(words.map(intern)).toEqual(words);
  });

  it('leaves every product feature as describeProduct reads it', () => {
    const intern = internStrings();
    for (const product of [...products, ...products])
      expect(internFeatures(describeProduct(product), intern)).toEqual(describeProduct(product));
  });
});

describe('describeProduct', () => {
  it('runs letters and digits of any script together in the compact name, and name, MPN and description in the compact text', () => {
    const greek = describeProduct(products[2] as (typeof products)[number]);
    expect(greek.compactName).toBe('ηλεκτρικοσβραστηρασ電気ケトル17l');
    expect(greek.compact).toBe('17l');
    const coded = describeProduct({
      ...testProduct('e', 'Canon SX10 IS', { mpn: 'PS-SX10' }),
      description: 'Zoom 20x.',
    });
    expect(coded.compactName).toBe('canonsx10is');
    expect(coded.compact).toBe('canonsx10ispssx10zoom20x');
  });
});
