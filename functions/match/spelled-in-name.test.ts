import { describe, expect, it } from 'vitest';
import { spelledInName } from './spelled-in-name.ts';

describe('spelledInName', () => {
  it('finds a code written as whole words run together', () => {
    expect(spelledInName('sx10is', 'canon powershot sx10 is camera')).toBe(true);
    expect(spelledInName('hd3110', 'hp webcam hd 3110')).toBe(true);
    expect(spelledInName('sx10is', 'sx 10 is')).toBe(true);
  });

  it('does not find a code inside a longer word, another model', () => {
    expect(spelledInName('dp2dvi', 'startech mdp2dvi adapter')).toBe(false);
    expect(spelledInName('pex1p', 'pci card pex1pci1')).toBe(false);
    expect(spelledInName('sx10is', 'canon sx10 isus')).toBe(false);
    expect(spelledInName('sx10is', '')).toBe(false);
  });
});
