import { describe, expect, it } from 'vitest';
import type { StoredChange } from './change-record.ts';
import { gapCrossesThreshold, priceGapChanges, priceGapPercent } from './price-gap.ts';

describe('priceGapPercent', () => {
  it('says how much dearer or cheaper the competitor is, in percent of the reference price', () => {
    expect(priceGapPercent({ price: '11.00', currency: 'EUR' }, { price: '10.00', currency: 'EUR' })).toBe(
      10,
    );
    expect(priceGapPercent({ price: '9.5', currency: 'EUR' }, { price: '10.00', currency: 'EUR' })).toBe(-5);
    expect(priceGapPercent({ price: '10.00', currency: 'EUR' }, { price: '3.00', currency: 'EUR' })).toBe(
      233.33,
    );
  });

  it('is unknown without both prices, across currencies and from a reference price of 0', () => {
    expect(priceGapPercent({ price: null, currency: 'EUR' }, { price: '10.00', currency: 'EUR' })).toBeNull();
    expect(priceGapPercent({ price: '10.00', currency: 'EUR' }, { price: null, currency: null })).toBeNull();
    expect(
      priceGapPercent({ price: '10.00', currency: 'GBP' }, { price: '10.00', currency: 'EUR' }),
    ).toBeNull();
    expect(
      priceGapPercent({ price: '10.00', currency: 'EUR' }, { price: '0.00', currency: 'EUR' }),
    ).toBeNull();
  });
});

describe('gapCrossesThreshold', () => {
  it('counts a gap leaving or entering the band of ±threshold', () => {
    expect(gapCrossesThreshold(2, 12, 10)).toBe(true);
    expect(gapCrossesThreshold(-12, -3, 10)).toBe(true);
    expect(gapCrossesThreshold(0, 10, 10)).toBe(true);
  });

  it('counts a jump from one side past the threshold to the other', () => {
    expect(gapCrossesThreshold(-15, 15, 10)).toBe(true);
  });

  it('leaves out moves that stay within the band or beyond it on one side', () => {
    expect(gapCrossesThreshold(2, 9.99, 10)).toBe(false);
    expect(gapCrossesThreshold(12, 30, 10)).toBe(false);
    expect(gapCrossesThreshold(-12, -30, 10)).toBe(false);
  });

  it('counts every move of the gap without a threshold, none of an unknown or unmoved gap', () => {
    expect(gapCrossesThreshold(1, 1.5, null)).toBe(true);
    expect(gapCrossesThreshold(1, 1.5, 0)).toBe(true);
    expect(gapCrossesThreshold(1, 1, null)).toBe(false);
    expect(gapCrossesThreshold(null, 20, 10)).toBe(false);
    expect(gapCrossesThreshold(20, null, 10)).toBe(false);
  });
});

const reference = {
  website_id: 'web_ref',
  product_id: 'prd_ref',
  url: 'https://ref.example/p/1',
  name: 'Kettle',
  price: '20.00',
  currency: 'EUR',
};

const change = (
  kind: StoredChange['kind'],
  gaps: { previous: number | null; current: number | null } | null,
  seq = 0,
): StoredChange => ({
  change_id: `chg_1_${seq}`,
  project_id: 'prj_1',
  website_id: 'web_comp',
  job_id: 'job_1',
  detected_at: '2026-11-27T06:00:00.000Z',
  kind,
  product_id: `prd_${seq}`,
  product_url: `https://comp.example/p/${seq}`,
  product_name: 'Kettle 1.7 l',
  previous_price: '20.00',
  current_price: '23.00',
  currency: 'EUR',
  previous_availability: 'IN_STOCK',
  current_availability: 'IN_STOCK',
  price_change: '3.00',
  price_change_percent: 15,
  matched_reference: gaps
    ? { ...reference, previous_gap_percent: gaps.previous, gap_percent: gaps.current }
    : null,
});

describe('priceGapChanges', () => {
  it('gives both products, both prices and the old and new gap of each crossing', () => {
    expect(priceGapChanges([change('PRICE_UP', { previous: 0, current: 15 })], 10)).toEqual([
      {
        change_id: 'chg_1_0',
        job_id: 'job_1',
        detected_at: '2026-11-27T06:00:00.000Z',
        threshold_percent: 10,
        reference,
        competitor: {
          website_id: 'web_comp',
          product_id: 'prd_0',
          url: 'https://comp.example/p/0',
          name: 'Kettle 1.7 l',
          previous_price: '20.00',
          price: '23.00',
          currency: 'EUR',
        },
        previous_gap_percent: 0,
        gap_percent: 15,
      },
    ]);
  });

  it('leaves out unmatched products, stock moves, unknown gaps and gaps that cross nothing', () => {
    const changes = [
      change('PRICE_UP', null, 0),
      change('OUT_OF_STOCK', { previous: 0, current: 15 }, 1),
      change('PRICE_UP', { previous: null, current: 15 }, 2),
      change('PRICE_UP', { previous: 12, current: 15 }, 3),
      change('PRICE_DOWN', { previous: 15, current: 5 }, 4),
    ];
    expect(priceGapChanges(changes, 10).map((data) => data.change_id)).toEqual(['chg_1_4']);
  });
});
