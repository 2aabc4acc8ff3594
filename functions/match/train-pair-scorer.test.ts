import { describe, expect, it } from 'vitest';
import committed from './pair-scorer.json' with { type: 'json' };
import { trainPairScorer } from './train-pair-scorer.ts';

describe('trainPairScorer', () => {
  it('gives the committed model again from the training pairs and seed in the repository', async () => {
    expect(await trainPairScorer()).toEqual(committed);
  }, 120_000);
});
