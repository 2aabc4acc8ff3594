import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '#core/product-record';
import { describeProduct } from './describe-product.ts';
import { matchCatalogs, type ProductMatch } from './match-catalogs.ts';
import {
  mergeShards,
  planShards,
  readTermCounts,
  type ShardResult,
  shardCount,
  shardKey,
  shardOfKey,
  storeTermCounts,
} from './match-in-shards.ts';
import { testProduct } from './test-product.ts';
import { countTerms } from './weigh-terms.ts';

const makers = ['Acme', 'Bosch', 'Canon', 'Dell', 'Epson', 'Fujitsu', 'Garmin', 'Hama', 'Intel', 'JBL'];
const things = ['drill', 'printer', 'monitor', 'speaker', 'router', 'camera'];

/** Two shops selling mostly the same models, written their own ways; some brands only in the name. */
function shops(): { reference: ProductRecord[]; competitor: ProductRecord[] } {
  const reference: ProductRecord[] = [];
  const competitor: ProductRecord[] = [];
  for (const [m, maker] of makers.entries()) {
    for (const [t, thing] of things.entries()) {
      const code = `${maker.slice(0, 2).toUpperCase()}${100 + 7 * t + m}`;
      reference.push(
        testProduct(`https://ref.test/${m}-${t}`, `${maker} ${thing} ${code} ${t + 2} W`, { brand: maker }),
      );
      if ((m + t) % 5 !== 0)
        competitor.push(
          testProduct(`https://comp.test/${m}-${t}`, `${maker} ${code} ${thing}, ${t + 2}W, black`, {
            brand: m % 2 === 0 ? maker : null,
          }),
        );
    }
  }
  return { reference, competitor };
}

const pairOf = (match: ProductMatch) => `${match.reference_url} ${match.url} ${match.score}`;

describe('matching in shards', () => {
  it('keeps a maker in one shard, whether the shop names it as the brand or first in the name', () => {
    const branded = describeProduct(testProduct('a', 'Drill 500 W', { brand: 'Bosch GmbH' }));
    const named = describeProduct(testProduct('b', 'BOSCH drill 500 W'));
    expect(shardKey(branded)).toBe(shardKey(named));
    for (const key of ['bosch', 'acme', '']) {
      const shard = shardOfKey(key, 7);
      expect(shard).toBe(shardOfKey(key, 7));
      expect(shard).toBeGreaterThanOrEqual(0);
      expect(shard).toBeLessThan(7);
    }
  });

  it('shards only pairs above the threshold, in shards of about the size asked', () => {
    expect(shardCount(30_000, 30_000)).toBe(1);
    expect(shardCount(100_000, 100_000)).toBe(5);
    expect(shardCount(10, 5, { above: 12, perShard: 4 })).toBe(4);
  });

  it('counts terms over both whole catalogs, and a repeated URL once', () => {
    const { reference, competitor } = shops();
    const plan = planShards(
      { website_id: 'ref', products: [...reference, reference[0] as ProductRecord] },
      { website_id: 'comp', products: competitor },
      4,
    );
    expect(plan.referenceProducts).toBe(reference.length);
    expect(plan.shards.flatMap((shard) => shard.reference)).toHaveLength(reference.length);
    const whole = countTerms([reference.map(describeProduct), competitor.map(describeProduct)]);
    for (const shard of plan.shards) {
      expect(shard.termCounts.total).toBe(whole.total);
      for (const [word, count] of shard.termCounts.words) expect(count).toBe(whole.words.get(word));
      expect(readTermCounts(storeTermCounts(shard.termCounts))).toEqual(shard.termCounts);
    }
  });

  it('gives the matches and scores of one run, and their confidences but for a runner-up of another maker', async () => {
    const { reference, competitor } = shops();
    const single = await matchCatalogs({ website_id: 'ref', products: reference }, [
      { website_id: 'comp', products: competitor },
    ]);
    const plan = planShards(
      { website_id: 'ref', products: reference },
      { website_id: 'comp', products: competitor },
      4,
    );
    expect(plan.shards.filter((shard) => shard.reference.length > 0).length).toBeGreaterThan(1);
    const results: ShardResult[] = [];
    for (const shard of plan.shards)
      results.push(
        await matchCatalogs(
          { website_id: 'ref', products: shard.reference },
          [{ website_id: 'comp', products: shard.competitor }],
          { shard: { termCounts: shard.termCounts } },
        ),
      );
    const merged = mergeShards(results, plan.referenceProducts);
    expect(single.matches.length).toBeGreaterThan(40);
    expect(new Set(merged.matches.map(pairOf))).toEqual(new Set(single.matches.map(pairOf)));
    // The calibration reads the best other candidate's score; a shard never scores another maker's.
    const confidence = new Map(single.matches.map((match) => [match.reference_url, match.confidence]));
    for (const match of merged.matches)
      expect(match.confidence).toBeCloseTo(confidence.get(match.reference_url) as number, 3);
    expect(merged.counters).toEqual(single.counters);
    expect(merged.websites).toEqual(single.websites);
    expect(merged.fingerprints).toEqual(single.fingerprints);
  });

  it('takes the assignment that the sure pairs of all shards call for, which no shard sees alone', () => {
    const match = (url: string): ProductMatch => ({
      reference_url: `https://ref.test/${url}`,
      website_id: 'comp',
      url: `https://comp.test/${url}`,
      score: 0.6,
      confidence: 0.6,
      evidence: {} as ProductMatch['evidence'],
    });
    const shard = (name: string): ShardResult => ({
      fingerprints: {},
      matches: [],
      counters: {
        products_checked: 50,
        products_skipped_not_modified: 0,
        new_matches: 0,
        products_processed: 50,
        products_total: 50,
      },
      websites: [],
      shard: {
        kept: [],
        // Alone, 15 sure pairs are too few to tell anything: each shard chose without suspicion.
        surePairs: { sure: 15, coded: 12 },
        chosenIf: {
          suspect: [match(`${name}-coded`)],
          notSuspect: [match(`${name}-coded`), match(`${name}-uncoded`)],
        },
      },
    });
    const merged = mergeShards([shard('a'), shard('b')], 100);
    expect(merged.matches.map((found) => found.url)).toEqual([
      'https://comp.test/a-coded',
      'https://comp.test/b-coded',
    ]);
    expect(merged.counters).toMatchObject({ products_checked: 100, products_total: 100, new_matches: 2 });
  });

  it('matches a competitor of one product, and one of two exact duplicates, as one run does', async () => {
    const { reference } = shops();
    const one = reference[7] as ProductRecord;
    const competitors = [
      [testProduct('https://comp.test/only', one.name ?? '', { brand: one.brand })],
      [1, 2].map((copy) =>
        testProduct(`https://comp.test/copy-${copy}`, one.name ?? '', { brand: one.brand }),
      ),
    ];
    for (const competitor of competitors) {
      const single = await matchCatalogs({ website_id: 'ref', products: reference }, [
        { website_id: 'comp', products: competitor },
      ]);
      const plan = planShards(
        { website_id: 'ref', products: reference },
        { website_id: 'comp', products: competitor },
        3,
      );
      const results: ShardResult[] = [];
      for (const shard of plan.shards)
        results.push(
          await matchCatalogs(
            { website_id: 'ref', products: shard.reference },
            [{ website_id: 'comp', products: shard.competitor }],
            { shard: { termCounts: shard.termCounts } },
          ),
        );
      const merged = mergeShards(results, plan.referenceProducts);
      expect(merged.matches.map(pairOf)).toEqual(single.matches.map(pairOf));
      expect(merged.matches.map((match) => match.url)).toEqual([competitor[0]?.url]);
    }
  });
});
