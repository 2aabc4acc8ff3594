import { describe, expect, it } from 'vitest';
import { CHANGES_PER_EVENT, changesEventData } from './changes-event.ts';
import type { PriceChange } from './price-changes.ts';

const change = (kind: PriceChange['kind'], percent: number | null, seq = 0) => ({
  change_id: `chg_1_${seq}`,
  website_id: 'web_1',
  job_id: 'job_1',
  detected_at: '2026-11-24T06:00:00.000Z',
  kind,
  product_id: `prd_${seq}`,
  product_url: `https://shop.example/p/${seq}`,
  previous_price: null,
  current_price: null,
  currency: 'EUR',
  previous_availability: null,
  current_availability: null,
  price_change: null,
  price_change_percent: percent,
});

describe('changesEventData', () => {
  it('keeps the changes past the threshold and counts them by kind', () => {
    const data = changesEventData(
      [change('PRICE_DOWN', -2, 0), change('PRICE_DOWN', -8, 1), change('OUT_OF_STOCK', null, 2)],
      5,
    );
    expect(data).toMatchObject({
      job_id: 'job_1',
      website_id: 'web_1',
      counts: { PRICE_DOWN: 1, OUT_OF_STOCK: 1 },
      truncated: false,
    });
    expect(data?.changes.map((each) => each.change_id)).toEqual(['chg_1_1', 'chg_1_2']);
  });

  it('says nothing when no change passes the threshold', () => {
    expect(changesEventData([change('PRICE_UP', 1)], 5)).toBeNull();
    expect(changesEventData([], null)).toBeNull();
  });

  it('carries at most CHANGES_PER_EVENT changes, counting all and saying it left some out', () => {
    const many = Array.from({ length: CHANGES_PER_EVENT + 5 }, (_, seq) => change('PRICE_UP', 10, seq));
    const data = changesEventData(many, null);
    expect(data?.changes).toHaveLength(CHANGES_PER_EVENT);
    expect(data?.counts).toEqual({ PRICE_UP: CHANGES_PER_EVENT + 5 });
    expect(data?.truncated).toBe(true);
  });
});
