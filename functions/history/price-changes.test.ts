import { describe, expect, it } from 'vitest';
import { computeChanges, meetsThreshold } from './price-changes.ts';
import type { PriceObservation } from './price-observation.ts';

const seen = (
  id: string,
  price: string | null,
  availability: PriceObservation['availability'] = 'IN_STOCK',
) =>
  ({
    product_id: id,
    url: `https://shop.example/${id}`,
    price,
    currency: 'EUR',
    availability,
    observed_at: '2026-11-24T08:00:00.000Z',
    job_id: 'job_a',
  }) satisfies PriceObservation;

describe('computeChanges', () => {
  it('finds a price cut with its absolute and relative change', () => {
    const [change, ...rest] = computeChanges([seen('a', '120.00')], [seen('a', '110.40')]);
    expect(rest).toEqual([]);
    expect(change).toMatchObject({
      kind: 'PRICE_DOWN',
      product_id: 'a',
      previous_price: '120.00',
      current_price: '110.40',
      currency: 'EUR',
      price_change: '-9.60',
      price_change_percent: -8,
    });
  });

  it('finds a price rise, rounding the percent half away from zero', () => {
    const [change] = computeChanges([seen('a', '3.00')], [seen('a', '3.01')]);
    expect(change).toMatchObject({ kind: 'PRICE_UP', price_change: '0.01', price_change_percent: 0.33 });
    const [cut] = computeChanges([seen('a', '8.00')], [seen('a', '7.999')]);
    expect(cut).toMatchObject({ kind: 'PRICE_DOWN', price_change: '-0.001', price_change_percent: -0.01 });
  });

  it('compares prices of different precision exactly and ignores equal ones', () => {
    expect(computeChanges([seen('a', '10')], [seen('a', '10.00')])).toEqual([]);
    expect(computeChanges([seen('a', '10')], [seen('a', '10.5')])[0]).toMatchObject({
      price_change: '0.5',
      price_change_percent: 5,
    });
  });

  it('sees no price move where a price is missing or the currency changed', () => {
    expect(computeChanges([seen('a', null)], [seen('a', '10.00')])).toEqual([]);
    expect(computeChanges([seen('a', '10.00')], [{ ...seen('a', '12.00'), currency: 'USD' }])).toEqual([]);
  });

  it('a move from a price of 0 has no percent', () => {
    expect(computeChanges([seen('a', '0.00')], [seen('a', '5.00')])[0]).toMatchObject({
      kind: 'PRICE_UP',
      price_change: '5.00',
      price_change_percent: null,
    });
  });

  it('finds stock moves, counting a preorder as buyable and ignoring unknown stock', () => {
    const kinds = computeChanges(
      [
        seen('a', '1.00'),
        seen('b', '1.00', 'OUT_OF_STOCK'),
        seen('c', '1.00', 'OUT_OF_STOCK'),
        seen('d', '1.00'),
      ],
      [
        seen('a', '1.00', 'OUT_OF_STOCK'),
        seen('b', '1.00', 'IN_STOCK'),
        seen('c', '1.00', 'PREORDER'),
        seen('d', '1.00', 'UNKNOWN'),
      ],
    ).map((change) => [change.product_id, change.kind]);
    expect(kinds).toEqual([
      ['a', 'OUT_OF_STOCK'],
      ['b', 'BACK_IN_STOCK'],
      ['c', 'BACK_IN_STOCK'],
    ]);
  });

  it('gives a price and a stock change of one product as two changes', () => {
    const changes = computeChanges([seen('a', '20.00', 'OUT_OF_STOCK')], [seen('a', '18.00')]);
    expect(changes.map((change) => change.kind)).toEqual(['PRICE_DOWN', 'BACK_IN_STOCK']);
    expect(changes[1]).toMatchObject({
      previous_availability: 'OUT_OF_STOCK',
      current_availability: 'IN_STOCK',
    });
  });

  it('finds new products in the newer order, then the products gone', () => {
    const changes = computeChanges(
      [seen('a', '1.00'), seen('gone1', '2.00'), seen('gone2', '3.00')],
      [seen('new', '4.00'), seen('a', '1.00')],
    );
    expect(changes.map((change) => [change.kind, change.product_id])).toEqual([
      ['NEW_PRODUCT', 'new'],
      ['PRODUCT_GONE', 'gone1'],
      ['PRODUCT_GONE', 'gone2'],
    ]);
    expect(changes[0]).toMatchObject({
      previous_price: null,
      current_price: '4.00',
      previous_availability: null,
    });
    expect(changes[1]).toMatchObject({
      previous_price: '2.00',
      current_price: null,
      current_availability: null,
    });
  });

  it('finds nothing between two equal scrapes, and counts a product twice in one scrape once', () => {
    expect(computeChanges([seen('a', '1.00')], [seen('a', '1.00'), seen('a', '2.00')])).toEqual([]);
  });
});

describe('meetsThreshold', () => {
  it('holds price moves to the threshold either way and lets every other change pass', () => {
    expect(meetsThreshold({ kind: 'PRICE_DOWN', price_change_percent: -5 }, 5)).toBe(true);
    expect(meetsThreshold({ kind: 'PRICE_UP', price_change_percent: 4.99 }, 5)).toBe(false);
    expect(meetsThreshold({ kind: 'PRICE_UP', price_change_percent: null }, 5)).toBe(true);
    expect(meetsThreshold({ kind: 'OUT_OF_STOCK', price_change_percent: null }, 50)).toBe(true);
    expect(meetsThreshold({ kind: 'PRICE_UP', price_change_percent: 0.01 }, null)).toBe(true);
  });
});
