import { describe, expect, it } from 'vitest';
import { measureAccuracy, measureDecisions } from './measure-accuracy.ts';

describe('measureAccuracy', () => {
  it('gives precision, recall and F1, and precision over pairs touching a product the key names', () => {
    const accuracy = measureAccuracy(
      [
        ['a', '1'],
        ['b', '3'],
        ['x', '9'],
        ['y', '8'],
      ],
      [
        ['a', '1'],
        ['b', '2'],
        ['c', '3'],
      ],
    );
    expect(accuracy).toMatchObject({ found: 4, correct: 1, expected: 3, precision: 0.25 });
    expect(accuracy.recall).toBeCloseTo(1 / 3);
    // (x, 9) and (y, 8) join products the key names nowhere: left out of the key-named precision.
    expect(accuracy.keyNamedPrecision).toBe(0.5);
  });

  it('measures decisions on labelled pairs, each pair on its own', () => {
    const same = [true, true, false, false, true];
    const accuracy = measureDecisions(same, (i) => i <= 2);
    expect(accuracy).toMatchObject({ found: 3, correct: 2, expected: 3 });
    expect(accuracy.precision).toBeCloseTo(2 / 3);
    expect(accuracy.recall).toBeCloseTo(2 / 3);
  });
});
