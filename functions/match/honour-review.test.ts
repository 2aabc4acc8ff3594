import { describe, expect, it } from 'vitest';
import { type MatchReview, matchCatalogs } from './match-catalogs.ts';
import { testProduct } from './test-product.ts';

const reference = {
  website_id: 'web_ref',
  products: [
    testProduct('ref/kettle', 'Acme Kettle KT-100 Steel 1.7 l'),
    testProduct('ref/lamp', 'Bolt Desk Lamp DL-200 LED'),
    testProduct('ref/mouse', 'Dyno Wireless Mouse WM-400 Black'),
  ],
};
/** The kettle twice: the same listing, and a shorter one that is its next-best partner. */
const competitor = {
  website_id: 'web_a',
  products: [
    testProduct('a/kettle', 'Acme Kettle KT-100 Steel 1.7 l'),
    testProduct('a/kettle-short', 'Acme KT-100 Kettle 1.7 l'),
    testProduct('a/lamp', 'Bolt DL-200 Desk Lamp LED'),
    testProduct('a/mouse', 'Dyno WM-400 Wireless Mouse Black'),
  ],
};

const pairs = (result: { matches: { reference_url: string; url: string }[] }) =>
  result.matches.map((match) => `${match.reference_url} > ${match.url}`).sort();

const none: MatchReview = { rejected: [], kept: [] };

describe('matchCatalogs with a review', () => {
  it('gives a product whose match was rejected its next-best partner, and never the rejected pair', async () => {
    const first = await matchCatalogs(reference, [competitor]);
    expect(pairs(first)).toEqual(['ref/kettle > a/kettle', 'ref/lamp > a/lamp', 'ref/mouse > a/mouse']);

    const review: MatchReview = {
      ...none,
      rejected: [{ reference_url: 'ref/kettle', website_id: 'web_a', url: 'a/kettle' }],
    };
    const second = await matchCatalogs(reference, [competitor], { previous: first, review });
    expect(pairs(second)).toEqual([
      'ref/kettle > a/kettle-short',
      'ref/lamp > a/lamp',
      'ref/mouse > a/mouse',
    ]);
    // Only the rejected pair's reference product is looked up again; the other decisions stand.
    expect(second.counters).toMatchObject({ products_checked: 1, products_skipped_not_modified: 2 });
    expect(second.review).toEqual(review);

    // Unchanged, the rejection stays honoured; a full run honours it too.
    const third = await matchCatalogs(reference, [competitor], { previous: second, review });
    expect(pairs(third)).toEqual(pairs(second));
    expect(third.counters.products_checked).toBe(0);
    expect(pairs(await matchCatalogs(reference, [competitor], { review }))).toEqual(pairs(second));

    // Withdrawn, the rejection gives the pair back on the next run.
    const fourth = await matchCatalogs(reference, [competitor], { previous: third, review: none });
    expect(pairs(fourth)).toEqual(pairs(first));
  });

  it('holds the products of a kept pair for it, and looks up the partners they leave', async () => {
    const first = await matchCatalogs(reference, [competitor]);
    // By hand: the reference lamp is the competitor's mouse (say the shop mislabelled it).
    const review: MatchReview = {
      ...none,
      kept: [{ reference_url: 'ref/lamp', website_id: 'web_a', url: 'a/mouse' }],
    };
    const second = await matchCatalogs(reference, [competitor], { previous: first, review });
    expect(pairs(second)).toEqual(['ref/kettle > a/kettle']);
    // The reference mouse lost its partner to the kept pair and was looked up again; the lamp is held.
    expect(second.counters).toMatchObject({ products_checked: 1, products_skipped_not_modified: 2 });

    // A kept pair the engine proposed itself stays its match.
    const accepted: MatchReview = {
      ...none,
      kept: [{ reference_url: 'ref/lamp', website_id: 'web_a', url: 'a/lamp' }],
    };
    const kept = await matchCatalogs(reference, [competitor], { previous: first, review: accepted });
    expect(pairs(kept)).toEqual(pairs(first));
  });

  it('ignores decisions on pairs of other websites', async () => {
    const review: MatchReview = {
      rejected: [{ reference_url: 'ref/kettle', website_id: 'web_b', url: 'a/kettle' }],
      kept: [{ reference_url: 'ref/lamp', website_id: 'web_b', url: 'a/mouse' }],
    };
    const result = await matchCatalogs(reference, [competitor], { review });
    expect(pairs(result)).toEqual(pairs(await matchCatalogs(reference, [competitor])));
    expect(result.review).toEqual(none);
  });
});
