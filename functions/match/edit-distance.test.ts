import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance.ts';

describe('editDistance', () => {
  it('is zero for equal terms and the length of the other for an empty one', () => {
    expect(editDistance('dgs121024', 'dgs121024')).toBe(0);
    expect(editDistance('', 'b450')).toBe(4);
    expect(editDistance('b450', '')).toBe(4);
  });

  it('counts an added letter, a changed digit and a swap as one edit each', () => {
    expect(editDistance('dgs121024', 'dgs121024p')).toBe(1);
    expect(editDistance('2393823109', '2399823109')).toBe(1);
    expect(editDistance('b450plus', 'b450mplus')).toBe(1);
    expect(editDistance('2393823109', '2399829109')).toBe(2);
  });

  it('is symmetric', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('sitting', 'kitten')).toBe(3);
  });
});
