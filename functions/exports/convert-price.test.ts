import { describe, expect, it } from 'vitest';
import { bundledRates } from './bundled-rates.ts';
import { convertPrice } from './convert-price.ts';
import type { ReferenceRates } from './reference-rates.ts';

const ecb = await bundledRates.current();
const table = (rates: Record<string, string>): ReferenceRates => ({ date: '2025-10-21', base: 'EUR', rates });

describe('convertPrice', () => {
  it('converts from and to the euro with the reference rate', () => {
    expect(convertPrice('100.00', 'EUR', 'USD', ecb)).toBe('116.07');
    expect(convertPrice('1000', 'JPY', 'EUR', ecb)).toBe('5.67');
    expect(convertPrice('1999.00', 'CZK', 'EUR', ecb)).toBe('82.22');
  });

  it('crosses two other currencies through the euro, rounding once', () => {
    expect(convertPrice('100.00', 'USD', 'GBP', ecb)).toBe('74.77');
    expect(convertPrice('1999.00', 'CZK', 'USD', ecb)).toBe('95.43');
  });

  it('keeps a price in its own currency, padded to its minor units', () => {
    expect(convertPrice('1299.9', 'EUR', 'EUR', ecb)).toBe('1299.90');
    expect(convertPrice('19.99', 'USD', 'USD', ecb)).toBe('19.99');
  });

  it('rounds half up, not to even and not through binary floats', () => {
    const rates = table({ USD: '1.5' });
    expect(convertPrice('0.03', 'EUR', 'USD', rates)).toBe('0.05');
    expect(convertPrice('0.05', 'EUR', 'USD', rates)).toBe('0.08');
    expect(convertPrice('1.005', 'EUR', 'EUR', rates)).toBe('1.01');
    expect(convertPrice('1.0049', 'EUR', 'EUR', rates)).toBe('1.00');
  });

  it('rounds to whole units for zero-decimal currencies (JPY, CLP, ISK, KRW)', () => {
    expect(convertPrice('10.00', 'EUR', 'JPY', ecb)).toBe('1765');
    expect(convertPrice('12.34', 'EUR', 'ISK', ecb)).toBe('1747');
    const clp = table({ CLP: '1000' });
    expect(convertPrice('1.0005', 'EUR', 'CLP', clp)).toBe('1001');
    expect(convertPrice('1.0004', 'EUR', 'CLP', clp)).toBe('1000');
    expect(convertPrice('34990', 'CLP', 'EUR', clp)).toBe('34.99');
  });

  it('rounds to thousandths for three-decimal currencies (KWD, BHD)', () => {
    const rates = table({ KWD: '0.3565', BHD: '0.4375' });
    expect(convertPrice('1.00', 'EUR', 'KWD', rates)).toBe('0.357');
    expect(convertPrice('10.00', 'EUR', 'KWD', rates)).toBe('3.565');
    expect(convertPrice('3.565', 'KWD', 'BHD', rates)).toBe('4.375');
  });

  it('gives null for a currency without a reference rate or a price that is not an amount', () => {
    expect(convertPrice('10.00', 'UAH', 'EUR', ecb)).toBeNull();
    expect(convertPrice('10.00', 'EUR', 'CLP', ecb)).toBeNull();
    expect(convertPrice('ten', 'EUR', 'USD', ecb)).toBeNull();
    expect(convertPrice('-1.00', 'EUR', 'USD', ecb)).toBeNull();
    expect(convertPrice('1.00', 'EUR', 'USD', table({ USD: '0' }))).toBeNull();
  });

  it('handles large amounts exactly', () => {
    expect(convertPrice('123456789012345.67', 'EUR', 'IDR', ecb)).toBe('2379341953894564023.84');
  });
});
