import { describe, expect, it } from 'vitest';
import { describeProduct } from './describe-product.ts';
import { relateCodes } from './relate-codes.ts';
import { testProduct } from './test-product.ts';
import { weighTerms } from './weigh-terms.ts';

function relate(a: string, b: string, description?: string) {
  const x = describeProduct(testProduct('a', a));
  const y = describeProduct({ ...testProduct('b', b), description: description ?? null });
  const weights = weighTerms([[x], [y]]);
  return relateCodes(x, weights.of(x), y, weights.of(y));
}

describe('relateCodes', () => {
  it('takes a code written with other separators or case as the same code', () => {
    expect(relate('Pioneer TS-W259S4 subwoofer', 'PIONEER TSW259S4')).toMatchObject({
      codes: ['tsw259s4'],
      relation: 'equal',
    });
  });

  it('finds a shop prefix and a colour suffix at the ends of a code', () => {
    expect(relate('ESSRK15313 cable', 'RK15313 cable').relation).toBe('contained');
    expect(relate('Brother FDB130WH', 'Brother FDB130RGS').relation).toBe('stem');
  });

  it('finds a code split by a space in the other title', () => {
    expect(relate('Canon PowerShot SX10IS', 'Canon PowerShot SX10 IS camera')).toMatchObject({
      codes: ['sx10is'],
      relation: 'text',
    });
    expect(relate('Canon PowerShot SX10IS', 'Canon PowerShot SX 10 IS').relation).toBe('text');
  });

  it('reads a code named only in the other product description', () => {
    expect(
      relate('Acme router AX-5400', 'Acme wireless router', 'The AX5400 dual band router').relation,
    ).toBe('text');
  });

  it('reads a long number (a UPC, a part number) named in the other description, not a short one', () => {
    expect(relate('Acme router 012345678905', 'Acme router', 'UPC 012345678905, black').relation).toBe(
      'text',
    );
    expect(relate('Acme router 2019', 'Acme router', 'Since 2019, black').relation).toBeNull();
  });

  it('relates nothing when the codes of two models differ', () => {
    expect(relate('Cooler Master ML120L', 'Cooler Master ML240L')).toMatchObject({
      codes: [],
      relation: null,
    });
  });
});
