import { describe, expect, it } from 'vitest';
import committed from '../pair-scorer.json' with { type: 'json' };
import committedWords from '../words/maker-words.json' with { type: 'json' };
import { mineMakerWords } from './mine-maker-words.ts';
import { readLabelledPairs } from './read-labelled-pairs.ts';
import { trainPairScorer } from './train-pair-scorer.ts';

describe('trainPairScorer', () => {
  it('gives the committed maker words and model again from the training pairs and seeds in the repository', async () => {
    expect(mineMakerWords(await readLabelledPairs('train'))).toEqual(committedWords);
    expect(await trainPairScorer()).toEqual(committed);
  }, 300_000);
});
