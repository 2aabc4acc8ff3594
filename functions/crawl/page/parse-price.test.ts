import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseAmount } from './normalise-amount.ts';
import { parsePrice } from './parse-price.ts';

describe('parsePrice', () => {
  it.each([
    ['1 299,90 Kč', {}, '1299.90', 'CZK'],
    ['1\u00a0299 Kč', {}, '1299.00', 'CZK'],
    ['€1.299,90', {}, '1299.90', 'EUR'],
    ['1.299,90 €', {}, '1299.90', 'EUR'],
    ['1\u202f299,90\u00a0€', {}, '1299.90', 'EUR'],
    ['$1,299.90', { country: 'US' }, '1299.90', 'USD'],
    ['$34.000', { country: 'CL' }, '34000', 'CLP'],
    ["1'299.90 CHF", {}, '1299.90', 'CHF'],
    ['CHF 1’299.90', {}, '1299.90', 'CHF'],
    ['1 299 kr', { country: 'SE' }, '1299.00', 'SEK'],
    ['1 299,00 kr', { country: 'DK' }, '1299.00', 'DKK'],
    ['£1,299.90', {}, '1299.90', 'GBP'],
    ['1 299,90 zł', {}, '1299.90', 'PLN'],
    ['od 1 299,- Kč', {}, '1299.00', 'CZK'],
    ['Cena: 99,9 € s DPH 21 %', {}, '99.90', 'EUR'],
    ['-20 % 1 499 Kč', {}, '1499.00', 'CZK'],
    ['12.500 KWD', {}, '12.500', 'KWD'],
    ['1299.90', { currency: 'EUR' }, '1299.90', 'EUR'],
  ])('reads %s', (text, context, amount, currency) => {
    expect(parsePrice(text, context)).toEqual({ amount, currency });
  });

  it('reads "$" as the currency of the shop country, else as US dollars', () => {
    expect(parsePrice('$10.00', { country: 'CA' })?.currency).toBe('CAD');
    expect(parsePrice('$10.00', { country: 'DE' })?.currency).toBe('USD');
  });

  it('reads currencies written as local words', () => {
    expect(parsePrice('30,000원~')?.currency).toBe('KRW');
    expect(parsePrice('270,00 kn')?.currency).toBe('HRK');
    expect(parsePrice('899 руб.')?.currency).toBe('RUB');
  });

  it('gives null for text without a number', () => {
    expect(parsePrice('Preis auf Anfrage')).toBeNull();
  });

  it('reads back every amount the usual locales print, exactly', () => {
    const formats: [string, string, (whole: string, cents: string) => string][] = [
      ['EUR', '.', (w, c) => `${w},${c} €`],
      ['USD', ',', (w, c) => `$${w}.${c}`],
      ['CZK', '\u00a0', (w, c) => `${w},${c} Kč`],
      ['CHF', "'", (w, c) => `CHF ${w}.${c}`],
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 0, max: 3 }),
        (cents, format) => {
          const [currency, thousands, print] = formats[format] as (typeof formats)[number];
          const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
          const fraction = String(cents % 100).padStart(2, '0');
          const expected = normaliseAmount(`${Math.floor(cents / 100)}.${fraction}`, currency);
          expect(parsePrice(print(whole, fraction))).toEqual({ amount: expected, currency });
        },
      ),
    );
  });
});

describe('price strings as shops really print them', () => {
  it.each([
    ['$119. 95', '119.95'],
    ['130, 38 zł', '130.38'],
    ['35€ 99', '35.99'],
    ['$.75', '0.75'],
    ['29.1583', '29.1583'],
  ])('reads %s as %s', (text, amount) => {
    expect(parsePrice(text)?.amount).toBe(amount);
  });
});
