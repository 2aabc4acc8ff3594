import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeProduct } from './describe-product.ts';
import { findCandidates } from './find-candidates.ts';
import { indexCatalog } from './index-catalog.ts';
import { testProduct } from './test-product.ts';
import { weighTerms } from './weigh-terms.ts';

const vocabulary = [
  'acme',
  'kettle',
  'steel',
  'black',
  'white',
  'lamp',
  'desk',
  'mouse',
  'cable',
  'usb',
  'pro',
  'mini',
];
const title = fc
  .array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 5 })
  .map((words) => words.join(' '));

function setUp(queryName: string, names: readonly string[]) {
  const query = describeProduct(testProduct('query', queryName));
  const catalog = names.map((name, i) => describeProduct(testProduct(`p${i}`, name)));
  return { query, catalog, index: indexCatalog(catalog), weights: weighTerms([[query], catalog]) };
}

describe('findCandidates', () => {
  it('finds every product sharing a word when the limit allows, common words included', () => {
    fc.assert(
      fc.property(title, fc.array(title, { minLength: 1, maxLength: 60 }), (queryName, names) => {
        const { query, catalog, index, weights } = setUp(queryName, names);
        const sharing = catalog
          .map((product, i) => (product.words.some((word) => query.words.includes(word)) ? i : -1))
          .filter((i) => i >= 0);
        expect(new Set(findCandidates(query, index, weights, catalog.length))).toEqual(new Set(sharing));
      }),
    );
  });

  it('ranks an identical title first among many look-alikes, within a small limit', () => {
    fc.assert(
      fc.property(fc.uniqueArray(title, { minLength: 2, maxLength: 80 }), fc.nat(), (names, pick) => {
        const target = names[pick % names.length] as string;
        const { catalog, index, weights } = setUp(target, names);
        const query = describeProduct(testProduct('query', target));
        const first = findCandidates(query, index, weights, 3)[0] as number;
        // Word order and repeats do not count, so any title with the same words ranks equal.
        expect(new Set(catalog[first]?.words)).toEqual(new Set(query.words));
      }),
    );
  });

  it('finds a code inside a longer code and the same GTIN without any shared word', () => {
    const { index, weights } = setUp('Folders RK15313', [
      'Office folders ESSRK15313',
      'Kettle',
      ...Array.from({ length: 50 }, (_, i) => `Folders ${i}`),
    ]);
    const query = describeProduct(testProduct('q', 'Pendaflex RK15313'));
    expect(findCandidates(query, index, weights, 1)).toEqual([0]);
    const byGtin = indexCatalog([describeProduct(testProduct('k', 'Kettle', { gtin: '4006381333931' }))]);
    const withGtin = describeProduct(testProduct('q', 'Wasserkocher', { gtin: '4006381333931' }));
    expect(findCandidates(withGtin, byGtin, weights, 1)).toEqual([0]);
  });
});
