import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '#core/product-record';
import type { MatchableProduct } from './describe-product.ts';
import {
  type MatchingOptions,
  type MatchingResult,
  type MatchingState,
  matchCatalogs,
  type ProductMatch,
} from './match-catalogs.ts';
import {
  chunksOfShard,
  isSharded,
  matchShard,
  mergeShards,
  mergeShardsByChunk,
  planShards,
  type ShardResult,
  type ShardSizes,
  shardsOf,
} from './match-in-shards.ts';
import { testProduct } from './test-product.ts';
import { readBenchmarkDataset } from './training/read-benchmark-dataset.ts';

const acceptance = {
  minScore: 0.5,
  minMarginScore: 0.3,
  marginRatio: 2,
  minCodedScore: 0.6,
  codedMarginRatio: 1.5,
};

/** A website pair planned and its shards matched as the lane does, each on its own. */
function runShards(
  reference: readonly MatchableProduct[],
  competitor: readonly MatchableProduct[],
  sizes: ShardSizes,
  options: Pick<MatchingOptions, 'previous' | 'review'> = {},
) {
  const plan = planShards(
    { website_id: 'ref', products: reference },
    { website_id: 'comp', products: competitor },
    sizes,
    { ...options, candidates: 5 },
  );
  const chunks = async (shard: number) => {
    const at = chunksOfShard(plan.merge, shard);
    return {
      reference: plan.reference[at.reference] as (typeof plan.reference)[number],
      competitor: plan.competitor[at.competitor] as (typeof plan.competitor)[number],
    };
  };
  const results: ShardResult[] = [];
  for (let shard = 0; shard < shardsOf(plan.merge); shard++) {
    const at = chunksOfShard(plan.merge, shard);
    const a = plan.reference[at.reference];
    const b = plan.competitor[at.competitor];
    // Through JSON, as the shard's input and result go through the data bucket.
    results.push(
      JSON.parse(JSON.stringify(matchShard(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)), 5))),
    );
  }
  // Through JSON, as the kept matches go through the data bucket.
  const kept = async (chunk: number) => JSON.parse(JSON.stringify(plan.kept[chunk])) as ProductMatch[];
  return { plan, chunks, kept, results };
}

/** A website pair matched as the lane matches it: plan, each shard on its own, merge. */
async function matchInShards(
  reference: readonly MatchableProduct[],
  competitor: readonly MatchableProduct[],
  sizes: ShardSizes,
  options: Pick<MatchingOptions, 'previous' | 'review'> = {},
): Promise<{ result: MatchingResult; shards: number }> {
  const { plan, chunks, kept, results } = runShards(reference, competitor, sizes, options);
  const result = await mergeShards(JSON.parse(JSON.stringify(plan.merge)), results, chunks, kept, {
    rule: acceptance,
    alternativesBelow: 0.9,
  });
  return { result, shards: shardsOf(plan.merge) };
}

const single = (
  reference: readonly MatchableProduct[],
  competitor: readonly MatchableProduct[],
  options: Pick<MatchingOptions, 'previous' | 'review'> = {},
) =>
  matchCatalogs({ website_id: 'ref', products: reference }, [{ website_id: 'comp', products: competitor }], {
    ...options,
    alternativesBelow: 0.9,
  });

const byPair = (result: MatchingResult) =>
  [...result.matches].sort(
    (a, b) => a.reference_url.localeCompare(b.reference_url) || a.url.localeCompare(b.url),
  );

/**
 * Two real shops' catalogues (walmart-amazon): makers written in the brand field by one shop and in
 * the name by the other, so many true pairs join products of different blocking keys.
 */
async function shops() {
  const { left, right, truth } = await readBenchmarkDataset('walmart-amazon');
  const partners = new Set(truth.slice(0, 400).map(([, url]) => url));
  const referenceUrls = new Set(truth.slice(0, 400).map(([url]) => url));
  return {
    reference: left.filter((product) => referenceUrls.has(product.url)).concat(left.slice(0, 200)),
    competitor: right.filter((product, i) => partners.has(product.url) || i < 600),
  };
}

describe('matching in shards', () => {
  it('shards only pairs above the threshold, each shard two chunks of at most half its size', async () => {
    expect(isSharded(30_000, 30_000)).toBe(false);
    expect(isSharded(50_000, 50_000)).toBe(true);
    const { reference, competitor } = await shops();
    const plan = planShards(
      { website_id: 'ref', products: [...reference, reference[0] as ProductRecord] },
      { website_id: 'comp', products: competitor },
      { above: 10, perShard: 1000 },
      { candidates: 5 },
    );
    const sizes = (chunks: { products: unknown[] }[]) => chunks.map((chunk) => chunk.products.length);
    expect(
      sizes(plan.reference)
        .slice(0, -1)
        .every((size) => size === 500),
    ).toBe(true);
    expect(sizes(plan.reference).reduce((a, b) => a + b)).toBe(new Set(reference.map((p) => p.url)).size);
    expect(sizes(plan.competitor).reduce((a, b) => a + b)).toBe(competitor.length);
    expect(shardsOf(plan.merge)).toBe(plan.reference.length * plan.competitor.length);
    expect(chunksOfShard(plan.merge, plan.competitor.length + 1)).toEqual({ reference: 1, competitor: 1 });
  });

  it('gives one run’s matches, scores, confidences, alternatives and counters, pairs across makers included', async () => {
    const { reference, competitor } = await shops();
    const one = await single(reference, competitor);
    const { result, shards } = await matchInShards(reference, competitor, { above: 10, perShard: 400 });
    expect(shards).toBeGreaterThan(8);
    expect(one.matches.length).toBeGreaterThan(200);
    // Pairs whose products a blocking key would part: the brand field on one side only.
    const brands = new Map(competitor.map((product) => [product.url, product.brand]));
    const makers = new Map(reference.map((product) => [product.url, product.brand]));
    expect(
      one.matches.filter(
        (match) => (brands.get(match.url) ?? null) !== (makers.get(match.reference_url) ?? null),
      ).length,
    ).toBeGreaterThan(10);
    expect(byPair(result)).toEqual(byPair(one));
    expect(result.counters).toEqual(one.counters);
    expect(result.websites).toEqual(one.websites);
    expect(result.fingerprints).toEqual(one.fingerprints);
  });

  it('hands its matches on one reference chunk at a time, kept ones first, together one run’s', async () => {
    const { reference, competitor } = await shops();
    const first = await single(reference, competitor);
    const changed = reference.map((product, i) =>
      i % 5 === 0 ? { ...product, name: `${product.name} new` } : product,
    );
    const previous: MatchingState = { fingerprints: first.fingerprints, matches: first.matches };
    const one = await single(changed, competitor, { previous });
    const sizes = { above: 10, perShard: 400 };
    const { plan, chunks, kept: keptOf, results } = runShards(changed, competitor, sizes, { previous });
    const chunkOf = new Map(plan.reference.flatMap((chunk, i) => chunk.products.map((p) => [p.url, i])));
    const handed: MatchingResult['matches'][] = [];
    const merged = await mergeShardsByChunk(
      plan.merge,
      results,
      chunks,
      keptOf,
      { rule: acceptance, alternativesBelow: 0.9 },
      async (matches) => {
        handed.push(matches);
      },
    );
    // The kept matches first, a reference chunk at a time, each chunk holding some.
    const keptChunks = plan.kept.filter((matches) => matches.length > 0);
    expect(keptChunks.length).toBeGreaterThan(1);
    const kept = handed.slice(0, keptChunks.length);
    const chosen = handed.slice(keptChunks.length);
    expect(kept).toEqual(keptChunks);
    expect(kept.flat().length).toBeGreaterThan(100);
    expect(
      kept.every((matches) => new Set(matches.map((m) => chunkOf.get(m.reference_url))).size === 1),
    ).toBe(true);
    // A chunk whose products all keep their matches or get none hands nothing on.
    expect(chosen.length).toBeGreaterThan(1);
    const chunkOfEach = chosen.map((matches) => [
      ...new Set(matches.map((m) => chunkOf.get(m.reference_url))),
    ]);
    expect(chunkOfEach.every((chunks) => chunks.length === 1)).toBe(true);
    const order = chunkOfEach.map(([chunk]) => chunk as number);
    expect(order).toEqual([...new Set(order)].sort((a, b) => a - b));
    expect(byPair({ ...merged, matches: handed.flat() })).toEqual(byPair(one));
    expect(merged.counters).toEqual(one.counters);
  });

  it('gives one run’s matches on the next run, with changed products and users’ decisions', async () => {
    const { reference, competitor } = await shops();
    const first = await single(reference, competitor);
    const previous: MatchingState = {
      fingerprints: first.fingerprints,
      matches: first.matches,
      review: { rejected: [], kept: [] },
    };
    const [rejected, accepted] = first.matches as [
      (typeof first.matches)[number],
      (typeof first.matches)[number],
    ];
    const review = {
      rejected: [{ reference_url: rejected.reference_url, website_id: 'comp', url: rejected.url }],
      kept: [
        { reference_url: accepted.reference_url, website_id: 'comp', url: first.matches[5]?.url as string },
      ],
    };
    const changed = competitor.map((product, i) =>
      i % 7 === 0 ? { ...product, name: `${product.name} refurbished` } : product,
    );
    const one = await single(reference, changed, { previous, review });
    const { result } = await matchInShards(
      reference,
      changed,
      { above: 10, perShard: 700 },
      { previous, review },
    );
    expect(one.counters.products_skipped_not_modified).toBeGreaterThan(0);
    expect(byPair(result)).toEqual(byPair(one));
    expect(result.counters).toEqual(one.counters);
    expect(result.review).toEqual(one.review);
  });

  it('scans a query’s rarest common word where its rare words find too few over all shards, not per shard', async () => {
    // Over the whole catalog (320 products, √n ≈ 18) "zorb" finds 2 products and "quix" 8, "kettle"
    // and "steel" are common. A shard's chunk of 40 finds at most 2 of either: the Zorb kettle's
    // lookup scans "kettle" too and the Quix kettle's does not, as one run's do.
    const reference = [
      testProduct('https://ref.test/zorb', 'Zorb steel kettle 1.7 l'),
      testProduct('https://ref.test/quix', 'Quix steel kettle 1.7 l'),
      ...Array.from({ length: 60 }, (_, i) =>
        testProduct(`https://ref.test/${i}`, `Steel kettle 1.7 l model ${i}`),
      ),
    ];
    const competitor = Array.from({ length: 320 }, (_, i) => {
      if (i === 5 || i === 200) return testProduct(`https://comp.test/${i}`, `Zorb toaster ${i}`);
      if (i % 40 === 7) return testProduct(`https://comp.test/${i}`, `Quix toaster ${i}`);
      if (i % 3 === 0) return testProduct(`https://comp.test/${i}`, `Steel kettle 1.7 l type ${i}`);
      return testProduct(`https://comp.test/${i}`, `Steel pan ${i}`);
    });
    const expected = await single(reference, competitor);
    const { result, shards } = await matchInShards(reference, competitor, { above: 10, perShard: 80 });
    expect(shards).toBe(16);
    expect(byPair(result)).toEqual(byPair(expected));
  });

  it('matches a competitor of one product, and one of two exact duplicates, as one run does', async () => {
    const { reference } = await shops();
    const one = reference[7] as ProductRecord;
    const competitors = [
      [testProduct('https://comp.test/only', one.name ?? '', { brand: one.brand })],
      [1, 2].map((copy) =>
        testProduct(`https://comp.test/copy-${copy}`, one.name ?? '', { brand: one.brand }),
      ),
    ];
    for (const competitor of competitors) {
      const expected = await single(reference, competitor);
      const { result } = await matchInShards(reference, competitor, { above: 10, perShard: 400 });
      expect(byPair(result)).toEqual(byPair(expected));
      expect(result.matches.map((match) => match.url)).toEqual([competitor[0]?.url]);
    }
  });
});
