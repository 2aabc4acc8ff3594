import { describe, expect, it } from 'vitest';
import { coloursNamed } from './colour-words.ts';

describe('coloursNamed', () => {
  it('names one colour however a shop writes it, and none for words that only look like one', () => {
    expect(coloursNamed(['hyperx', 'schwarz'])).toBe(coloursNamed(['black', 'fury']));
    expect(coloursNamed(['blk'])).toBe(coloursNamed(['noir']));
    expect(coloursNamed(['black'])).not.toBe(coloursNamed(['white']));
    expect(coloursNamed(['blu', 'ray', 'player', 'rose', 'clear'])).toBe(0);
  });
});
