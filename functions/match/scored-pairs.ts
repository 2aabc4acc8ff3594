import type { ScoredPair } from './choose-matches.ts';

/**
 * Scored pairs in typed arrays: what the one-to-one assignment reads. A pair as an object costs
 * about 100 bytes, here 25; a large run scores millions (500k × 500k about five), and only the few
 * the assignment chooses, with their rivals and alternatives, become objects (`pair`).
 */
export class ScoredPairs {
  length = 0;
  private references: Int32Array;
  private competitors: Int32Array;
  private scores: Float64Array;
  private codes: Uint8Array;
  /** The learned probability where blocking ran the learned scorer, else -1 (JSON holds no NaN). */
  private learnt: Float64Array;

  constructor(capacity = 1024) {
    const size = Math.max(1, capacity);
    this.references = new Int32Array(size);
    this.competitors = new Int32Array(size);
    this.scores = new Float64Array(size);
    this.codes = new Uint8Array(size);
    this.learnt = new Float64Array(size);
  }

  /** The pairs of a list of objects, in its order. */
  static of(pairs: readonly ScoredPair[]): ScoredPairs {
    const table = new ScoredPairs(pairs.length);
    for (const pair of pairs)
      table.push(
        pair.reference,
        pair.competitor,
        pair.score,
        pair.coded ? 1 : 0,
        pair.learned === undefined || Number.isNaN(pair.learned) ? -1 : pair.learned,
      );
    return table;
  }

  push(reference: number, competitor: number, score: number, coded: number, learned: number): void {
    if (this.length === this.references.length) this.grow();
    this.length++;
    this.set(this.length - 1, reference, competitor, score, coded, learned);
  }

  /** Writes pair `i` (within the capacity it was made with): a table filled out of order, then `length` set. */
  set(i: number, reference: number, competitor: number, score: number, coded: number, learned: number): void {
    this.references[i] = reference;
    this.competitors[i] = competitor;
    this.scores[i] = score;
    this.codes[i] = coded;
    this.learnt[i] = learned;
  }

  /** Copies pair `from` over pair `to`: to drop pairs in place. */
  move(from: number, to: number): void {
    this.set(
      to,
      this.reference(from),
      this.competitor(from),
      this.score(from),
      this.codes[from] as number,
      this.learned(from),
    );
  }

  reference(i: number): number {
    return this.references[i] as number;
  }

  competitor(i: number): number {
    return this.competitors[i] as number;
  }

  score(i: number): number {
    return this.scores[i] as number;
  }

  coded(i: number): boolean {
    return this.codes[i] === 1;
  }

  /** The learned probability, -1 where blocking did not run the learned scorer. */
  learned(i: number): number {
    return this.learnt[i] as number;
  }

  /** Pair `i` as an object. */
  pair(i: number): ScoredPair {
    const learned = this.learned(i);
    return {
      reference: this.reference(i),
      competitor: this.competitor(i),
      score: this.score(i),
      coded: this.coded(i),
      ...(learned >= 0 ? { learned } : {}),
    };
  }

  /** Calls `use` with each pair's fields, in order. */
  each(
    use: (reference: number, competitor: number, score: number, coded: number, learned: number) => void,
  ): void {
    for (let i = 0; i < this.length; i++)
      use(
        this.references[i] as number,
        this.competitors[i] as number,
        this.scores[i] as number,
        this.codes[i] as number,
        this.learnt[i] as number,
      );
  }

  private grow(): void {
    const size = this.references.length * 2;
    const grown = <T extends Int32Array | Float64Array | Uint8Array>(array: T, next: T): T => {
      next.set(array);
      return next;
    };
    this.references = grown(this.references, new Int32Array(size));
    this.competitors = grown(this.competitors, new Int32Array(size));
    this.scores = grown(this.scores, new Float64Array(size));
    this.codes = grown(this.codes, new Uint8Array(size));
    this.learnt = grown(this.learnt, new Float64Array(size));
  }
}
