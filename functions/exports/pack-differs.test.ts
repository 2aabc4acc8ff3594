import { describe, expect, it } from 'vitest';
import { packDiffers } from './pack-differs.ts';

const named = (name: string | null, variant_attributes: Record<string, string> | null = null) => ({
  name,
  variant_attributes,
});

describe('packDiffers', () => {
  it.each([
    ['Mehl Type 405, 2 × 500 g', 'Mehl Type 405, 1 kg'],
    ['Batteries AA 4-pack', 'Batteries AA 1-pack'],
    ['Mehl 500 g', 'Mehl 1 kg'],
    ['Cola 12 × 330 ml', 'Cola 6 × 660 ml'],
    ['Olivenöl 1 l', 'Olivenöl 1 kg'],
    ['Batteries AA 4-pack', 'Batteries AA'],
    ['Duracell AA', 'Duracell AA pack of 8'],
  ])('flags %j against %j', (reference, competitor) => {
    expect(packDiffers(named(reference), named(competitor))).toBe(true);
  });

  it.each([
    ['Mehl 1 kg', 'Mehl 1.000 g'],
    ['Zucker 1000 g', 'Zucker 1 kg'],
    ['Protein 16 oz', 'Protein 1 lb'],
    ['Wasser 1,000 ml', 'Wasser 1 l'],
    ['Reis 0.5kg', 'Reis 500 g'],
    ['Milch ½ l', 'Milch 500 ml'],
    ['Cola 6 × 330 ml', 'Cola 6x330ml'],
    ['Drill PSB 750', 'Bosch drill PSB 750'],
    [null, null],
  ])('does not flag %j against %j', (reference, competitor) => {
    expect(packDiffers(named(reference), named(competitor))).toBe(false);
  });

  it('cannot tell a stated measure from a name that states none', () => {
    expect(packDiffers(named('Flour 1 kg'), named('Flour'))).toBeNull();
  });

  it('reads a variant’s label before the name, as the unit price does', () => {
    expect(packDiffers(named('Mehl', { size: '500 g' }), named('Mehl 1 kg'))).toBe(true);
    expect(packDiffers(named('Mehl 500 g', { size: '1 kg' }), named('Mehl 1 kg'))).toBe(false);
  });
});
