import { describe, expect, it } from 'vitest';
import { priceComparisonColumns } from './export-datasets.ts';
import { jsonLine } from './json-lines.ts';
import { priceComparisonItem, priceGap } from './price-comparison-items.ts';

describe('priceGap', () => {
  it('is the competitor price less the reference price, at the longer scale, without float error', () => {
    expect(priceGap('19.90', '17.5')).toBe('-2.40');
    expect(priceGap('0.1', '0.3')).toBe('0.2');
    expect(priceGap('10', '12.05')).toBe('2.05');
    expect(priceGap('5.00', '5.00')).toBe('0.00');
    expect(priceGap('1.05', '0.99')).toBe('-0.06');
  });

  it('is null when either side has no price', () => {
    expect(priceGap(null, '3.00')).toBeNull();
    expect(priceGap('3.00', null)).toBeNull();
  });
});

describe('priceComparisonItem', () => {
  // Prepare: a row as the export writes it, in the file's own column order
  const competitors = ['web_b', 'web_c'];
  const columns = priceComparisonColumns(competitors);
  const values: Record<string, unknown> = {
    reference_website_id: 'web_a',
    reference_url: 'https://a.test/p/1',
    reference_name: 'Kettle',
    reference_gtin: '4006381333931',
    reference_price: '20.00',
    currency: 'EUR',
    reference_unit_price: null,
    reference_unit: null,
    web_b_url: 'https://b.test/k',
    web_b_price: '18.50',
    web_b_score: 0.97,
    web_b_match_status: 'auto',
    web_b_competitor_status: 'MATCHED',
    web_b_pack_differs: true,
    web_b_variant_differs: false,
    web_c_competitor_status: 'REVIEW',
  };
  const line = JSON.parse(
    jsonLine(
      columns,
      columns.map((column) => values[column] as never),
    ),
  );

  it('gives each competitor of the row its price, status, gap, pack and variant differences, in the run order', () => {
    // Act
    const item = priceComparisonItem(line, competitors);
    // Assess
    expect(item).toMatchObject({
      reference_url: 'https://a.test/p/1',
      reference_price: '20.00',
      currency: 'EUR',
    });
    expect(item.competitors).toEqual([
      {
        website_id: 'web_b',
        url: 'https://b.test/k',
        price: '18.50',
        unit_price: null,
        unit: null,
        score: 0.97,
        competitor_status: 'MATCHED',
        match_status: 'auto',
        gap: '-1.50',
        pack_differs: true,
        variant_differs: false,
      },
      {
        website_id: 'web_c',
        url: null,
        price: null,
        unit_price: null,
        unit: null,
        score: null,
        competitor_status: 'REVIEW',
        match_status: null,
        gap: null,
        pack_differs: null,
        variant_differs: null,
      },
    ]);
  });
});
