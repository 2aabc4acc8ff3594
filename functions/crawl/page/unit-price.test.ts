import { describe, expect, it } from 'vitest';
import { parseQuantity } from './parse-quantity.ts';
import { unitPrice } from './unit-price.ts';

/** The quantity as a decimal for reading the table; the parser itself keeps exact fractions. */
const asDecimal = (text: string) => {
  const quantity = parseQuantity(text);
  return (
    quantity && { amount: Number(quantity.amount.num) / Number(quantity.amount.den), unit: quantity.unit }
  );
};

describe('parseQuantity', () => {
  it.each([
    ['Mehl Type 405, 500 g', 0.5, 'kg'],
    ['Olivenöl 1,5 l', 1.5, 'l'],
    ['Coca-Cola 12 × 330 ml', 3.96, 'l'],
    ['Mineralwasser 2 x 0,5 l', 1, 'l'],
    ['Steak 1/2 lb', 0.226796185, 'kg'],
    ['Zucker 1.000 g', 1, 'kg'],
    ['Water 1,000 ml', 1, 'l'],
    ['Mléko ½ l', 0.5, 'l'],
    ['Rice 0.5kg', 0.5, 'kg'],
    ['Batteries AA 4-pack', 4, 'piece'],
    ['Pack of 6 socks', 6, 'piece'],
    ['Nudeln 6er Pack', 6, 'piece'],
    ['HDMI cable 2 m', 2, 'm'],
    ['Rug 120 x 170 cm', 2.04, 'm2'],
    ['Laminate flooring 2,5 m²', 2.5, 'm2'],
    ['Beer 6-pack 330 ml', 1.98, 'l'],
    ['Sugar 1.500 kg', 1.5, 'kg'],
    ['Milk 1 L', 1, 'l'],
    ['Protein 16 oz', 0.45359237, 'kg'],
  ])('reads %s', (text, amount, unit) => {
    const read = asDecimal(text);
    expect(read?.unit).toBe(unit);
    expect(read?.amount).toBeCloseTo(amount, 9);
  });

  it.each([
    'T-shirt XL',
    'Galaxy S23 5G 128 GB',
    'Jacket size M',
    'Model A4 black',
    '',
    'Zero 0 g',
    'Weight 1/0 lb',
  ])('finds no quantity in %j', (text) => {
    expect(parseQuantity(text)).toBeNull();
  });

  it('reads a hostile name of 100,000 characters in linear time', () => {
    const started = performance.now();
    for (const text of ['9'.repeat(100_000), '1 x '.repeat(25_000), `${'1,'.repeat(50_000)}g`])
      expect(parseQuantity(text)).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('keeps the amount exact: a third of a litre stays a third', () => {
    expect(parseQuantity('Juice ⅓ l')?.amount).toEqual({ num: 1n, den: 3n });
  });

  it.each([
    ['Coca-Cola 12 × 330 ml', 12n],
    ['Mineralwasser 2 x 0,5 l', 2n],
    ['Beer 6-pack 330 ml', 6n],
    ['Batteries AA 4-pack', 4n],
    ['Mehl 1 kg', 1n],
    ['Rug 120 x 170 cm', 1n],
  ])('counts the pieces of %s', (text, pieces) => {
    expect(parseQuantity(text)?.pieces).toBe(pieces);
  });
});

describe('unitPrice', () => {
  it.each([
    ['1.99', 'Mehl 500 g', '3.98', 'kg'],
    ['1.99', 'Cola 12 × 330 ml', '0.50', 'l'],
    ['1.00', 'Juice ⅓ l', '3.00', 'l'],
    ['5.00', 'Batteries 12-pack', '0.42', 'piece'],
    ['0.99', 'Wasser 2 x 0,5 l', '0.99', 'l'],
    ['298', 'お米 500 g', '596', 'kg'],
    ['12.500', 'Dates 250 g', '50.000', 'kg'],
    ['0.01', 'Nails 1.000 g', '0.01', 'kg'],
  ])('prices %s for %s at %s per %s', (price, name, expected, unit) => {
    expect(unitPrice(price, [name])).toEqual({ unit_price: expected, unit });
  });

  it('rounds half-up once, on the exact quotient', () => {
    // 1.00 / 8 pieces = 0.125 exactly: half-up gives 0.13, not a float's 0.12.
    expect(unitPrice('1.00', ['8 pcs'])).toEqual({ unit_price: '0.13', unit: 'piece' });
  });

  it('reads the first text that states a quantity (the name, then variant labels)', () => {
    expect(unitPrice('4.00', ['T-shirt', null, '2 kg'])).toEqual({ unit_price: '2.00', unit: 'kg' });
  });

  it('is null without a price or a quantity', () => {
    expect(unitPrice(null, ['500 g'])).toBeNull();
    expect(unitPrice('9.99', ['T-shirt XL'])).toBeNull();
    expect(unitPrice('9.99', [])).toBeNull();
  });
});
