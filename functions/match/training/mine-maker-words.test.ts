import { describe, expect, it } from 'vitest';
import { mineMakerWords } from './mine-maker-words.ts';

const pair = (left: string, right: string, same: boolean) => ({ left, right, same });

describe('mineMakerWords', () => {
  it('keeps first words that other shops keep in matching titles, and leaves shop words out', () => {
    const pairs = [
      pair('Crucial MX500 500GB', 'CT500MX500SSD1 Crucial SSD', true),
      pair('Crucial BX500 240GB', 'Crucial BX500 SSD 240 GB', true),
      pair('Crucial P1 1TB NVMe', 'Samsung 970 EVO 1TB', false),
      pair('Memoria Kingston 8GB DDR4', 'Kingston ValueRAM 8GB DDR4', true),
      pair('Memoria Corsair 16GB', 'Corsair Vengeance LPX 16GB', true),
      pair('Memoria HyperX 8GB', 'HyperX Fury 8GB DDR4', false),
      pair('Samsung 970 EVO 1TB', 'Samsung 970 EVO Plus 1TB', false),
    ];
    const words = mineMakerWords(pairs);
    expect(words).toContain('crucial');
    expect(words).not.toContain('memoria');
    // Starts too few titles, and no matching pair shows it kept.
    expect(words).not.toContain('samsung');
  });

  it('gives the same words whatever the order of the pairs', () => {
    const pairs = [
      pair('Shimano Deore XT Cassette', 'Shimano XT CS-M8000 Cassette', true),
      pair('Shimano SPD-SL Cleats', 'Shimano SPD SL Cleat Set', true),
      pair('Shimano PD-R550 Pedals', 'Shimano SPD SL Cleat Set', false),
    ];
    expect(mineMakerWords([...pairs].reverse())).toEqual(mineMakerWords(pairs));
  });
});
