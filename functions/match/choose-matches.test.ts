import { describe, expect, it } from 'vitest';
import { chooseMatches, type ScoredPair } from './choose-matches.ts';

const rule = {
  minScore: 0.5,
  minMarginScore: 0.3,
  marginRatio: 2,
  minCodedScore: 0.6,
  codedMarginRatio: 1.5,
};
const free = () => ({ reference: new Set<number>(), competitor: new Set<number>() });
const pair = (reference: number, competitor: number, score: number, coded = false): ScoredPair => ({
  reference,
  competitor,
  score,
  coded,
});

describe('chooseMatches', () => {
  it('assigns one to one, best score first', () => {
    const chosen = chooseMatches([pair(0, 0, 0.9), pair(1, 0, 0.8), pair(1, 1, 0.6)], rule, free());
    expect(chosen).toEqual([pair(0, 0, 0.9), pair(1, 1, 0.6)]);
  });

  it('takes a low score only when it stands out from the runner-up of both products', () => {
    expect(chooseMatches([pair(0, 0, 0.4), pair(0, 1, 0.15)], rule, free())).toEqual([pair(0, 0, 0.4)]);
    expect(chooseMatches([pair(0, 0, 0.4), pair(0, 1, 0.3)], rule, free())).toEqual([]);
    expect(chooseMatches([pair(0, 0, 0.4), pair(1, 0, 0.3)], rule, free())).toEqual([]);
    expect(chooseMatches([pair(0, 0, 0.25)], rule, free())).toEqual([]);
  });

  it('takes a pair agreeing by a code under the coded score only when it stands out', () => {
    expect(chooseMatches([pair(0, 0, 0.55, true), pair(0, 1, 0.4)], rule, free())).toEqual([]);
    expect(chooseMatches([pair(0, 0, 0.55, true), pair(1, 0, 0.3)], rule, free())).toEqual([
      pair(0, 0, 0.55, true),
    ]);
    expect(chooseMatches([pair(0, 0, 0.65, true), pair(0, 1, 0.6)], rule, free())).toEqual([
      pair(0, 0, 0.65, true),
    ]);
    expect(chooseMatches([pair(0, 0, 0.55), pair(0, 1, 0.4)], rule, free())).toEqual([pair(0, 0, 0.55)]);
  });

  it('leaves taken products to their kept matches', () => {
    const taken = { reference: new Set([0]), competitor: new Set<number>() };
    expect(chooseMatches([pair(0, 0, 0.9), pair(1, 0, 0.7)], rule, taken)).toEqual([pair(1, 0, 0.7)]);
    expect(taken.competitor).toEqual(new Set([0]));
  });
});
