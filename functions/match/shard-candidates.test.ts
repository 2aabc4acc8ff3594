import { describe, expect, it } from 'vitest';
import { QueryCandidates, type ShardCandidate } from './shard-candidates.ts';

const listed = (queries: QueryCandidates) => {
  const seen: number[][] = [];
  queries.each((query, position, score, coded, learned) =>
    seen.push([query, position, score, coded, learned]),
  );
  return seen;
};

describe('a merge’s candidates in typed arrays', () => {
  it('keeps each query’s best candidates over its shards by rank, ties by position, as one lookup orders them', () => {
    // Prepare
    const queries = new QueryCandidates(3, 3);
    const candidate = (position: number, rank: number): ShardCandidate => [position, rank, rank / 2, 0, -1];

    // Act
    queries.add({
      query: 1,
      found: 4,
      top: [candidate(7, 0.5), candidate(2, 0.3), candidate(3, 0.3)],
      sameGtin: [],
    });
    queries.add({ query: 1, found: 4, top: [candidate(9, 0.4), candidate(1, 0.3)], sameGtin: [] });

    // Assess
    expect(listed(queries).map(([query, position]) => [query, position])).toEqual([
      [1, 7],
      [1, 9],
      [1, 1],
    ]);
  });

  it('gives the scanned long list’s top where the rare lists found fewer than the limit over all shards', () => {
    // Prepare
    const few = new QueryCandidates(1, 2);
    const enough = new QueryCandidates(1, 2);
    // A shard of products from `offset`: one found in the rare lists, one in the long list, one of the same GTIN.
    const lookup = (found: number, offset: number) => ({
      query: 0,
      found,
      top: [[offset, 0.9, 0.8, 1, 0.7]] as ShardCandidate[],
      topIfLong: [[offset + 1, 0.95, 0.6, 0, -1]] as ShardCandidate[],
      sameGtin: [[offset + 2, 0, 1, 1, -1]] as ShardCandidate[],
    });

    // Act
    few.add(lookup(0, 0));
    few.add(lookup(1, 10));
    enough.add(lookup(1, 0));
    enough.add(lookup(1, 10));

    // Assess: the same-GTIN candidates first, then the top one lookup of the whole catalog keeps
    expect(listed(few)).toEqual([
      [0, 2, 1, 1, -1],
      [0, 12, 1, 1, -1],
      [0, 1, 0.6, 0, -1],
      [0, 11, 0.6, 0, -1],
    ]);
    expect(listed(enough).slice(2)).toEqual([
      [0, 0, 0.8, 1, 0.7],
      [0, 10, 0.8, 1, 0.7],
    ]);
  });
});
