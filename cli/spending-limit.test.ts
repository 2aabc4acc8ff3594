import { describe, expect, it } from 'vitest';
import { cents, withinLimit } from './spending-limit.ts';

describe('spending limit', () => {
  it('compares decimal amounts exactly', () => {
    expect(cents('20')).toBe(2000);
    expect(cents('0.5')).toBe(50);
    expect(cents('19.99')).toBe(1999);
    expect(withinLimit('20.00', '20.00')).toBe(true);
    expect(withinLimit('20.01', '20.00')).toBe(false);
    expect(withinLimit('0.10', '0.1')).toBe(true);
    expect(() => cents('-1')).toThrow();
  });
});
