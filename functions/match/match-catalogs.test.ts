import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '#core/product-record';
import type { BoostedTrees } from './boosted-trees.ts';
import { calibrateConfidence, calibrationFeatureNames, type MatchSignals } from './calibrate-confidence.ts';
import type { MatchableProduct } from './describe-product.ts';
import { type MatchingCounters, matchCatalogs } from './match-catalogs.ts';
import { pairFeatureNames } from './pair-features.ts';
import { testProduct } from './test-product.ts';

const referenceNames = [
  'Acme Kettle KT-100 Steel 1.7 l',
  'Bolt Desk Lamp DL-200 LED',
  'Corda USB-C Cable CB-300 2 m',
  'Dyno Wireless Mouse WM-400 Black',
  'Echo Laptop Sleeve LS-500 13 inch',
  'Flux Ink Cartridge IC-600 Cyan',
];

const reference = (names = referenceNames): { website_id: string; products: ProductRecord[] } => ({
  website_id: 'web_ref',
  products: names.map((name, i) => testProduct(`https://ref.example/p/${i}`, name, { price: '10.00' })),
});

/** A competitor listing the reference products (but the last one) in its own words. */
const competitor = (website_id: string, names = referenceNames.slice(0, 5)) => ({
  website_id,
  products: names.map((name, i) =>
    testProduct(`https://${website_id}.example/item/${i}`, name.split(' ').reverse().join(' ')),
  ),
});

const pairs = (result: { matches: { reference_url: string; website_id: string; url: string }[] }) =>
  result.matches.map((match) => `${match.reference_url} ${match.website_id} ${match.url}`).sort();

/** The reference catalog with one more product, against web_a with more products of its own. */
const matchWithOne = (product: MatchableProduct, competitorProducts: MatchableProduct[]) =>
  matchCatalogs({ website_id: 'web_ref', products: [product, ...reference().products] }, [
    { website_id: 'web_a', products: [...competitorProducts, ...competitor('web_a').products] },
  ]);

describe('matchCatalogs', () => {
  it('decides with the learned pair scorer it is given, the committed one by default', async () => {
    // Titles without model codes, of one maker: the learned scorer decides these pairs.
    const names = ['Acme Steel Kettle Brushed', 'Bolt Desk Lamp Warm'];
    const catalog = (website_id: string, words: (name: string) => string) => ({
      website_id,
      products: names.map((name, i) => testProduct(`https://${website_id}.example/${i}`, words(name))),
    });
    const run = (pairScorer?: BoostedTrees) =>
      matchCatalogs(
        catalog('web_ref', (name) => name),
        [catalog('web_a', (name) => `${name} Edition`)],
        { pairScorer },
      );
    const constant = (base: number): BoostedTrees => ({ features: pairFeatureNames, base, trees: [] });
    const sure = await run(constant(5));
    expect(sure.matches.length).toBe(2);
    for (const match of sure.matches) {
      expect(match.signals?.learned).toBeCloseTo(1 / (1 + Math.exp(-5)), 9);
      expect(match.confidence).toBeCloseTo(calibrateConfidence(match.signals as MatchSignals), 12);
    }
    // A scorer sure they differ pulls the assignment score, its geometric mean with the rule's,
    // below acceptance.
    expect((await run(constant(-5))).matches).toEqual([]);
    const committed = await run();
    expect(committed.matches.length).toBe(2);
    for (const match of committed.matches)
      expect(match.signals?.learned).not.toBeCloseTo(1 / (1 + Math.exp(-5)), 6);
    // The calibration it is given sets the confidence from the same signals.
    const calibration = { features: calibrationFeatureNames, bias: -3, weights: [0, 0, 0, 0, 0] };
    const calibrated = await matchCatalogs(
      catalog('web_ref', (name) => name),
      [catalog('web_a', (name) => `${name} Edition`)],
      {
        calibration,
      },
    );
    for (const match of calibrated.matches) expect(match.confidence).toBeCloseTo(1 / (1 + Math.exp(3)), 9);
  });

  it('lists up to three next-best candidates, calibrated, for matches below alternativesBelow', async () => {
    const sizes = ['1.0 l', '1.2 l', '1.5 l', '1.7 l', '2.0 l'];
    const ref = {
      website_id: 'web_ref',
      products: [testProduct('https://ref.example/k', 'Acme Steel Kettle 1.7 l')],
    };
    const shop = {
      website_id: 'web_a',
      products: sizes.map((size, i) => testProduct(`https://a.example/k${i}`, `Acme Steel Kettle ${size}`)),
    };
    const [listed] = (await matchCatalogs(ref, [shop], { alternativesBelow: Number.POSITIVE_INFINITY }))
      .matches;
    expect(listed?.url).toBe('https://a.example/k3');
    const alternatives = listed?.alternatives ?? [];
    expect(alternatives.length).toBe(3);
    expect(alternatives.map((alternative) => alternative.url)).not.toContain(listed?.url);
    for (const alternative of alternatives) {
      expect(alternative.confidence).toBeCloseTo(
        calibrateConfidence(alternative.signals as MatchSignals),
        12,
      );
      expect(alternative.confidence).toBeLessThan(listed?.confidence as number);
    }
    // The match is calibrated against its best-scored alternative's learned probability, and each
    // alternative against the match's.
    const [first] = alternatives;
    expect(listed?.signals?.rivalLearned).toBe(first?.signals?.learned);
    for (const alternative of alternatives)
      expect(alternative.signals?.rivalLearned).toBe(listed?.signals?.learned);
    const [bare] = (await matchCatalogs(ref, [shop], { alternativesBelow: 0 })).matches;
    expect(bare?.url).toBe('https://a.example/k3');
    expect(bare?.alternatives).toBeUndefined();
    expect(bare?.signals?.rivalLearned).toBe(first?.signals?.learned);
  });

  it("reads the match's and its rival's price ratios to the reference into the calibration's signals", async () => {
    // Prepare: the kettle sizes priced 10, 20, ... 50; the reference priced as the 1.7 l one.
    const sizes = ['1.0 l', '1.2 l', '1.5 l', '1.7 l', '2.0 l'];
    const ref = {
      website_id: 'web_ref',
      products: [
        testProduct('https://ref.example/k', 'Acme Steel Kettle 1.7 l', { price: '40.00', currency: 'EUR' }),
      ],
    };
    const shop = {
      website_id: 'web_a',
      products: sizes.map((size, i) =>
        testProduct(`https://a.example/k${i}`, `Acme Steel Kettle ${size}`, {
          price: `${10 * (i + 1)}.00`,
          currency: 'EUR',
        }),
      ),
    };

    // Act
    const [listed] = (await matchCatalogs(ref, [shop], { alternativesBelow: Number.POSITIVE_INFINITY }))
      .matches;
    const [bare] = (await matchCatalogs(ref, [shop], { alternativesBelow: 0 })).matches;

    // Assess: the match against the rival (its best-scored alternative), each alternative against the match.
    const [first] = listed?.alternatives ?? [];
    expect(listed?.signals?.priceRatio).toBe(1);
    expect(first?.signals?.priceRatio).toBe(listed?.signals?.rivalPriceRatio);
    expect(listed?.signals?.rivalPriceRatio).toBeGreaterThan(1);
    for (const alternative of listed?.alternatives ?? [])
      expect(alternative.signals?.rivalPriceRatio).toBe(1);
    // Without alternatives judged, the rival's price ratio is read all the same.
    expect(bare?.signals).toEqual(listed?.signals);
  });

  it('matches every reference product to its counterpart in each competitor, and reports counters', async () => {
    const updates: MatchingCounters[] = [];
    const result = await matchCatalogs(
      reference(),
      [competitor('web_a'), competitor('web_b')],
      { progressEvery: 2 },
      (counters) => {
        updates.push(counters);
      },
    );
    expect(pairs(result)).toEqual(
      ['web_a', 'web_b']
        .flatMap((website) =>
          [0, 1, 2, 3, 4].map(
            (i) => `https://ref.example/p/${i} ${website} https://${website}.example/item/${i}`,
          ),
        )
        .sort(),
    );
    expect(result.counters).toEqual({
      products_checked: 12,
      products_skipped_not_modified: 0,
      new_matches: 10,
      products_processed: 12,
      products_total: 12,
    });
    expect(updates.at(-1)).toEqual(result.counters);
    expect(updates.map((update) => update.products_processed)).toEqual(
      [...updates.map((update) => update.products_processed)].sort((a, b) => a - b),
    );
    expect(result.websites).toEqual([
      { website_id: 'web_ref', products: 6, modified: 6 },
      { website_id: 'web_a', products: 5, modified: 5 },
      { website_id: 'web_b', products: 5, modified: 5 },
    ]);
    expect(result.matches[0]?.evidence.codes.length).toBe(1);
  });

  it('skips unchanged products and keeps their matches on a second run', async () => {
    const first = await matchCatalogs(reference(), [competitor('web_a'), competitor('web_b')]);
    const second = await matchCatalogs(reference(), [competitor('web_a'), competitor('web_b')], {
      previous: first,
    });
    expect(second.matches).toEqual(first.matches);
    expect(second.counters).toEqual({
      products_checked: 0,
      products_skipped_not_modified: 12,
      new_matches: 0,
      products_processed: 12,
      products_total: 12,
    });
  });

  it('re-matches only new, changed and orphaned products', async () => {
    const first = await matchCatalogs(reference(), [competitor('web_a'), competitor('web_b')]);
    // Reference 0 renamed (modified), reference 1 repriced (a price is not content), competitor A
    // loses item 2 (reference 2 is orphaned) and lists reference 5 for the first time.
    const names = [...referenceNames];
    names[0] = 'Acme Kettle KT-100 Steel 1.7 l Limited Edition';
    const changedReference = reference(names);
    (changedReference.products[1] as ProductRecord).price = '12.50';
    const a = competitor('web_a', referenceNames);
    a.products.splice(2, 1);
    const updates: MatchingCounters[] = [];
    const second = await matchCatalogs(
      changedReference,
      [a, competitor('web_b')],
      { previous: first, progressEvery: 1 },
      (counters) => {
        updates.push(counters);
      },
    );
    // Products whose decision stands count as processed from the first report on.
    expect(updates[0]).toMatchObject({ products_skipped_not_modified: 4, products_processed: 4 + 1 });

    expect(second.counters).toEqual({
      products_checked: 2 + 1,
      products_skipped_not_modified: 4 + 5,
      new_matches: 1,
      products_processed: 12,
      products_total: 12,
    });
    const fresh = await matchCatalogs(changedReference, [a, competitor('web_b')]);
    expect(pairs(second)).toEqual(pairs(fresh));
    expect(pairs(second)).toContain('https://ref.example/p/5 web_a https://web_a.example/item/5');
    expect(pairs(second).some((pair) => pair.startsWith('https://ref.example/p/2 web_a'))).toBe(false);
    expect(second.websites).toEqual([
      { website_id: 'web_ref', products: 6, modified: 1 },
      { website_id: 'web_a', products: 5, modified: 1 },
      { website_id: 'web_b', products: 5, modified: 0 },
    ]);
  });

  it('counts a repeated URL once', async () => {
    const doubled = reference();
    doubled.products.push({ ...(doubled.products[0] as ProductRecord) });
    const result = await matchCatalogs(doubled, [competitor('web_a')]);
    expect(result.counters.products_total).toBe(6);
    expect(Object.keys(result.fingerprints.web_ref ?? {})).toHaveLength(6);
  });

  it('takes the look-alike priced like the reference product, an edition far cheaper left out', async () => {
    const choose = async (fullPrice: string, academicPrice: string) => {
      const result = await matchWithOne(
        testProduct('https://ref.example/ps', 'Adobe Photoshop CS3 Extended', { price: '999.00' }),
        [
          testProduct('https://a.example/full', 'Adobe Photoshop CS3 Extended Windows', { price: fullPrice }),
          testProduct('https://a.example/edu', 'Adobe Photoshop CS3 Extended Academic', {
            price: academicPrice,
          }),
        ],
      );
      return result.matches.find((match) => match.reference_url === 'https://ref.example/ps');
    };
    const full = await choose('989.00', '299.00');
    expect(full?.url).toBe('https://a.example/full');
    expect(full?.evidence.priceRatio).toBe(1.01);
    // The same titles priced the other way round: the price made the choice.
    expect((await choose('299.00', '989.00'))?.url).toBe('https://a.example/edu');
  });

  it("finds a product by its GTIN written in the other's description, whatever the titles", async () => {
    const result = await matchWithOne(
      testProduct('https://ref.example/boiler', 'Water boiler', { gtin: '4006381333931' }),
      [{ ...testProduct('https://a.example/k', 'Zephyr 1700'), description: 'EAN 4006381333931' }],
    );
    const found = result.matches.find((match) => match.reference_url === 'https://ref.example/boiler');
    expect(found).toMatchObject({ url: 'https://a.example/k', confidence: 1 });
    expect(found?.evidence.gtin).toBe('equal');
  });
});
