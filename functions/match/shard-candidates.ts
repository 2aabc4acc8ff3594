import { ScoredPairs } from './scored-pairs.ts';

/**
 * A merge's memory, held in typed arrays: each query's best candidates over the shards read so far,
 * and the pairs they make. A candidate as a JavaScript array costs about 80 bytes and a pair as an
 * object about 100; here they cost 21 and 17, and nothing of the shards' results is kept but these.
 */

/**
 * One candidate of a shard's lookup: its catalog position, rank, the pair's score (0: none), whether
 * a code agrees, and the learned probability where blocking ran the learned scorer (-1 where not:
 * JSON holds no NaN), so the merge judges a rival again only where one run would.
 */
export type ShardCandidate = [position: number, rank: number, score: number, coded: 0 | 1, learned: number];

/**
 * Up to `limit` candidates per query, best first, in blocks of `limit` slots: one per query where
 * most queries have candidates (`dense`), else a block given to a query at its first candidate.
 */
class CandidateSlots {
  readonly count: Uint8Array;
  /** Each query's block, -1 where it has none yet (sparse slots only). */
  private readonly blockOf: Int32Array | null;
  private blocks: number;
  private position: Int32Array;
  private rank: Float64Array;
  private score: Float64Array;
  private coded: Uint8Array;
  private learned: Float64Array;

  constructor(
    queries: number,
    readonly limit: number,
    dense: boolean,
  ) {
    this.count = new Uint8Array(queries);
    this.blockOf = dense ? null : new Int32Array(queries).fill(-1);
    this.blocks = dense ? queries : 0;
    const slots = (dense ? queries : 64) * limit;
    this.position = new Int32Array(slots);
    this.rank = new Float64Array(slots);
    this.score = new Float64Array(slots);
    this.coded = new Uint8Array(slots);
    this.learned = new Float64Array(slots);
  }

  /** Keeps the candidate among the query's `limit` best, by rank, ties by position: as one lookup orders them. */
  insert(query: number, [position, rank, score, coded, learned]: ShardCandidate): void {
    const base = this.baseOf(query, true);
    const count = this.count[query] as number;
    let at = count;
    while (at > 0) {
      const before = base + at - 1;
      const beforeRank = this.rank[before] as number;
      if (beforeRank > rank || (beforeRank === rank && (this.position[before] as number) < position)) break;
      at--;
    }
    if (at >= this.limit) return;
    for (let slot = Math.min(count, this.limit - 1); slot > at; slot--)
      this.copy(base + slot - 1, base + slot);
    this.position[base + at] = position;
    this.rank[base + at] = rank;
    this.score[base + at] = score;
    this.coded[base + at] = coded;
    this.learned[base + at] = learned;
    this.count[query] = Math.min(count + 1, this.limit);
  }

  clear(query: number): void {
    this.count[query] = 0;
  }

  /** Calls `use` with each kept candidate of the query. */
  each(query: number, use: (position: number, score: number, coded: number, learned: number) => void): void {
    const count = this.count[query] as number;
    if (count === 0) return;
    const base = this.baseOf(query, false);
    for (let slot = base; slot < base + count; slot++)
      use(
        this.position[slot] as number,
        this.score[slot] as number,
        this.coded[slot] as number,
        this.learned[slot] as number,
      );
  }

  /** The first slot of the query's block, given one here where it has none and `give`. */
  private baseOf(query: number, give: boolean): number {
    if (!this.blockOf) return query * this.limit;
    let block = this.blockOf[query] as number;
    if (block === -1 && give) {
      if (this.blocks * this.limit === this.position.length) this.grow();
      block = this.blocks++;
      this.blockOf[query] = block;
    }
    return block * this.limit;
  }

  private grow(): void {
    const size = this.position.length * 2;
    const grown = <T extends Int32Array | Float64Array | Uint8Array>(array: T, next: T): T => {
      next.set(array);
      return next;
    };
    this.position = grown(this.position, new Int32Array(size));
    this.rank = grown(this.rank, new Float64Array(size));
    this.score = grown(this.score, new Float64Array(size));
    this.coded = grown(this.coded, new Uint8Array(size));
    this.learned = grown(this.learned, new Float64Array(size));
  }

  private copy(from: number, to: number): void {
    this.position[to] = this.position[from] as number;
    this.rank[to] = this.rank[from] as number;
    this.score[to] = this.score[from] as number;
    this.coded[to] = this.coded[from] as number;
    this.learned[to] = this.learned[from] as number;
  }
}

/** A query's lookup in one shard, as the merge reads it. */
export interface QueryLookup {
  query: number;
  found: number;
  top: readonly ShardCandidate[];
  topIfLong?: readonly ShardCandidate[];
  sameGtin: readonly ShardCandidate[];
}

/**
 * One catalog's queries' candidates over the shards: for each query the best `limit` of its
 * shards' tops, its rarest long list left unscanned and scanned, and how many products its rare
 * lists found in all; the whole catalog's lookup is the scanned top where those found fewer than
 * `limit` (one lookup scans the long list then), else the unscanned one.
 */
export class QueryCandidates {
  private readonly seen: Uint8Array;
  private readonly found: Int32Array;
  private readonly long: Uint8Array;
  private readonly top: CandidateSlots;
  private readonly topIfLong: CandidateSlots;
  private readonly sameGtin = new ScoredPairs();

  constructor(
    queries: number,
    private readonly limit: number,
  ) {
    this.seen = new Uint8Array(queries);
    this.found = new Int32Array(queries);
    this.long = new Uint8Array(queries);
    this.top = new CandidateSlots(queries, limit, true);
    // Kept only for queries whose rare lists found fewer than `limit` in a shard: few of them.
    this.topIfLong = new CandidateSlots(queries, limit, false);
  }

  /** Adds one shard's lookup of a query. */
  add(lookup: QueryLookup): void {
    const { query } = lookup;
    this.seen[query] = 1;
    this.found[query] = (this.found[query] as number) + lookup.found;
    for (const candidate of lookup.top) this.top.insert(query, candidate);
    // Found enough over the shards so far: the rarest long list is not scanned, its top not kept.
    if ((this.found[query] as number) >= this.limit) this.topIfLong.clear(query);
    else if (lookup.topIfLong) {
      this.long[query] = 1;
      for (const candidate of lookup.topIfLong) this.topIfLong.insert(query, candidate);
    }
    for (const [position, , score, coded, learned] of lookup.sameGtin)
      this.sameGtin.push(query, position, score, coded, learned);
  }

  /** Calls `use` with every candidate of the whole catalog's lookups: same GTIN, then the top. */
  each(use: (query: number, position: number, score: number, coded: number, learned: number) => void): void {
    this.sameGtin.each(use);
    for (let query = 0; query < this.seen.length; query++) {
      if (this.seen[query] === 0) continue;
      const slots =
        this.long[query] === 1 && (this.found[query] as number) < this.limit ? this.topIfLong : this.top;
      slots.each(query, (position, score, coded, learned) => use(query, position, score, coded, learned));
    }
  }
}
