import { describe, expect, it } from 'vitest';
import { NO_MATCH_CONFIDENCE } from '#core/match-bands';
import { fieldSourcesOf, type ProductRecord } from '#core/product-record';
import type { MatchStatus } from '#matching-model/match-decisions';
import { readCsv } from '#test/read-csv';
import { memorySink, readParquet, readXlsx } from '#test/read-export-files';
import { bundledRates } from './bundled-rates.ts';
import { type CsvValue, csvField, csvLine } from './csv-lines.ts';
import {
  EXPORT_DATASETS,
  type ExportDataset,
  MATCH_COLUMNS,
  matchRow,
  PRICE_CHANGE_COLUMNS,
  PRICE_HISTORY_COLUMNS,
  PRODUCT_COLUMNS,
  type ProductLookup,
  priceChangeRow,
  priceComparisonColumns,
  priceComparisonRow,
  priceHistoryRow,
  productRow,
  type ReviewedMatch,
  URL_SCRAPE_COLUMNS,
  urlScrapeRow,
} from './export-datasets.ts';
import { jsonLine } from './json-lines.ts';
import { rowWriterOf } from './row-writer.ts';

const rates = await bundledRates.current();

const product = (url: string, price: string | null, currency: string | null): ProductRecord => ({
  url,
  name: `Product ${url}`,
  brand: 'Acme',
  gtin: '4006381333931',
  mpn: null,
  sku: 'SKU-1',
  price,
  currency,
  availability: 'IN_STOCK',
  image: null,
  category: 'Tools > Drills',
  scraped_at: '2026-11-23T07:00:00.000Z',
  canonical_url: `${url}#canonical`,
});

describe('products rows', () => {
  it('converts the price to the project currency and keeps the shop’s beside it', () => {
    const row = productRow('web_1', product('https://a.test/p', '100.00', 'EUR'), { currency: 'USD', rates });
    expect(Object.fromEntries(PRODUCT_COLUMNS.map((column, i) => [column, row[i]]))).toEqual({
      website_id: 'web_1',
      url: 'https://a.test/p',
      name: 'Product https://a.test/p',
      brand: 'Acme',
      gtin: '4006381333931',
      mpn: null,
      sku: 'SKU-1',
      price: '116.07',
      currency: 'USD',
      original_price: '100.00',
      original_currency: 'EUR',
      availability: 'IN_STOCK',
      image: null,
      category: 'Tools > Drills',
      scraped_at: '2026-11-23T07:00:00.000Z',
      canonical_url: 'https://a.test/p#canonical',
      price_max: null,
      price_from: false,
      variant_group: null,
      variant_attributes: null,
      unit_price: null,
      unit: null,
      field_sources: null,
    });
  });

  it('says in the products file where each value came from, and writes it as JSON in the CSV', () => {
    const sources = fieldSourcesOf(product('u', '100.00', 'EUR'), { price: 'jsonld', sku: 'heuristic' });
    const row = productRow(
      'w',
      { ...product('u', '100.00', 'EUR'), field_sources: sources },
      { currency: null, rates },
    );
    const cell = row[PRODUCT_COLUMNS.indexOf('field_sources')];
    expect(cell).toMatchObject({ price: 'json_ld', sku: 'page_text', name: null, mpn: null });
    expect(csvField(cell)).toBe(`"${JSON.stringify(sources).replaceAll('"', '""')}"`);
    expect(JSON.parse(jsonLine(['field_sources'], [cell])).field_sources).toEqual(sources);
  });

  it('keeps the top of a range beside its lowest price, in the same currency', () => {
    const ranged = { ...product('u', '100.00', 'EUR'), price_max: '150.00', price_from: true as const };
    const at = (column: (typeof PRODUCT_COLUMNS)[number]) => PRODUCT_COLUMNS.indexOf(column);
    const row = productRow('w', ranged, { currency: 'USD', rates });
    expect([row[at('price')], row[at('price_max')], row[at('price_from')]]).toEqual([
      '116.07',
      '174.11',
      true,
    ]);
    const open = productRow('w', { ...ranged, price_max: null }, { currency: null, rates });
    expect([row[at('currency')], open[at('price')], open[at('price_max')], open[at('price_from')]]).toEqual([
      'USD',
      '100.00',
      null,
      true,
    ]);
    expect(productRow('w', product('u', null, null), { currency: null, rates })[at('price_from')]).toBeNull();
  });

  it('keeps shop prices for a project without localization', () => {
    const row = productRow('web_1', product('u', '1999', 'JPY'), { currency: null, rates });
    expect(row.slice(7, 11)).toEqual(['1999', 'JPY', '1999', 'JPY']);
  });

  it('leaves the converted price empty without a price or without a reference rate', () => {
    expect(productRow('w', product('u', null, null), { currency: 'EUR', rates }).slice(7, 11)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(productRow('w', product('u', '100.00', 'UAH'), { currency: 'EUR', rates }).slice(7, 11)).toEqual([
      null,
      null,
      '100.00',
      'UAH',
    ]);
  });
});

describe('variants and unit prices in products rows', () => {
  const variant: ProductRecord = {
    ...product('https://a.test/shirt', '100.00', 'EUR'),
    variant_group: 'https://a.test/shirt',
    variant_attributes: { size: 'M', colour: 'red' },
    unit_price: '200.00',
    unit: 'kg',
  };
  const cell = (row: CsvValue[], column: (typeof PRODUCT_COLUMNS)[number]) =>
    row[PRODUCT_COLUMNS.indexOf(column)];

  it('come last, so the columns files had before keep their places', () => {
    expect(PRODUCT_COLUMNS.slice(-5)).toEqual([
      'variant_group',
      'variant_attributes',
      'unit_price',
      'unit',
      'field_sources',
    ]);
  });

  it('carry the group and the attributes: JSON text in the CSV, an object in JSON Lines', () => {
    const row = productRow('w', variant, { currency: null, rates });
    expect(cell(row, 'variant_group')).toBe('https://a.test/shirt');
    const [, cells = []] = readCsv(csvLine(PRODUCT_COLUMNS) + csvLine(row));
    expect(JSON.parse(cells[PRODUCT_COLUMNS.indexOf('variant_attributes')] as string)).toEqual({
      size: 'M',
      colour: 'red',
    });
    const record = JSON.parse(jsonLine(PRODUCT_COLUMNS, row)) as Record<string, unknown>;
    expect(record.variant_attributes).toEqual({ size: 'M', colour: 'red' });
  });

  it('give the unit price in the currency of the price, empty where the price has no rate', () => {
    const converted = productRow('w', variant, { currency: 'USD', rates });
    expect([cell(converted, 'price'), cell(converted, 'unit_price'), cell(converted, 'unit')]).toEqual([
      '116.07',
      '232.14',
      'kg',
    ]);
    const unrated = productRow('w', { ...variant, currency: 'UAH' }, { currency: 'EUR', rates });
    expect([cell(unrated, 'unit_price'), cell(unrated, 'unit')]).toEqual([null, null]);
  });

  it('are empty for records read before variants and unit prices were', () => {
    const row = productRow('w', product('u', '1.00', 'EUR'), { currency: null, rates });
    expect(PRODUCT_COLUMNS.slice(-4).map((column) => cell(row, column))).toEqual([null, null, null, null]);
  });
});

describe('rows of a URL scrape job', () => {
  const conversion = { currency: 'USD', rates };
  const asObject = (row: CsvValue[]) => Object.fromEntries(URL_SCRAPE_COLUMNS.map((c, i) => [c, row[i]]));

  it('an OK URL is its product row under the URL sent, with the result last', () => {
    const delivered = product('https://a.test/p?ref=1', '100.00', 'EUR');
    const row = urlScrapeRow('web_1', { url: 'https://a.test/p', result: 'OK' }, delivered, conversion);
    expect(row).toHaveLength(URL_SCRAPE_COLUMNS.length);
    expect(asObject(row)).toEqual({
      ...Object.fromEntries(
        PRODUCT_COLUMNS.map((c, i) => [c, productRow('web_1', delivered, conversion)[i]]),
      ),
      url: 'https://a.test/p',
      url_result: 'OK',
    });
  });

  it('any other URL has only its website, URL and result', () => {
    const row = urlScrapeRow(
      'web_1',
      { url: 'https://a.test/about', result: 'NOT_A_PRODUCT' },
      undefined,
      conversion,
    );
    expect(row).toHaveLength(URL_SCRAPE_COLUMNS.length);
    expect(asObject(row)).toMatchObject({
      website_id: 'web_1',
      url: 'https://a.test/about',
      name: null,
      price: null,
      url_result: 'NOT_A_PRODUCT',
    });
  });
});

describe('matches and price_comparison rows', () => {
  const catalog = new Map([
    ['web_ref https://ref.test/1', product('https://ref.test/1', '100.00', 'EUR')],
    ['web_a https://a.test/1', product('https://a.test/1', '120.00', 'USD')],
    ['web_a https://a.test/2', product('https://a.test/2', '110.00', 'USD')],
    ['web_b https://b.test/1', product('https://b.test/1', '2400.00', 'CZK')],
  ]);
  const lookup = (websiteId: string, url: string) => catalog.get(`${websiteId} ${url}`);
  const match = (
    competitor: string,
    url: string,
    score: number,
    status: MatchStatus = 'auto',
    confidence = 0.99,
  ): ReviewedMatch => ({
    reference_website_id: 'web_ref',
    reference_url: 'https://ref.test/1',
    competitor_website_id: competitor,
    competitor_url: url,
    score,
    method: 'GTIN',
    confidence,
    status,
  });

  it('gives one row per match with both prices in the project currency', () => {
    const row = matchRow(match('web_a', 'https://a.test/1', 0.98), lookup, { currency: 'EUR', rates });
    expect(row).toHaveLength(MATCH_COLUMNS.length);
    expect(Object.fromEntries(MATCH_COLUMNS.map((column, i) => [column, row[i]]))).toMatchObject({
      reference_price: '100.00',
      competitor_url: 'https://a.test/1',
      competitor_price: '103.39',
      currency: 'EUR',
      score: 0.98,
      method: 'GTIN',
      match_status: 'auto',
    });
  });

  it('says whether a match is proposed, accepted or added by hand, and leaves a manual score empty', () => {
    const manual = {
      ...match('web_a', 'https://a.test/1', 0),
      score: null,
      method: 'MANUAL',
      status: 'manual' as const,
    };
    const row = matchRow(manual, lookup, { currency: 'EUR', rates });
    expect(Object.fromEntries(MATCH_COLUMNS.map((column, i) => [column, row[i]]))).toMatchObject({
      score: null,
      method: 'MANUAL',
      match_status: 'manual',
    });
  });

  it('shows the kept match of a competitor in the price comparison, whatever the proposals score', () => {
    const row = priceComparisonRow(
      { website_id: 'web_ref', product: product('https://ref.test/1', '100.00', 'EUR') },
      [
        { ...match('web_a', 'https://a.test/2', 0.95) },
        { ...match('web_a', 'https://a.test/1', 0), score: null, status: 'manual' },
      ],
      ['web_a'],
      lookup,
      { currency: 'EUR', rates },
    );
    const columns = priceComparisonColumns(['web_a']);
    expect(Object.fromEntries(columns.map((column, i) => [column, row[i]]))).toMatchObject({
      web_a_url: 'https://a.test/1',
      web_a_score: null,
      web_a_match_status: 'manual',
    });
  });

  it('leaves prices empty when shop prices differ in currency and the project has none', () => {
    const row = matchRow(match('web_a', 'https://a.test/1', 0.9), lookup, { currency: null, rates });
    expect([row[4], row[9], row[10]]).toEqual([null, null, null]);
  });

  it('gives one row per reference product with the best match of each competitor', () => {
    const competitors = ['web_a', 'web_b', 'web_c'];
    const columns = priceComparisonColumns(competitors);
    const row = priceComparisonRow(
      { website_id: 'web_ref', product: product('https://ref.test/1', '100.00', 'EUR') },
      [
        match('web_a', 'https://a.test/1', 0.7),
        match('web_a', 'https://a.test/2', 0.95),
        match('web_b', 'https://b.test/1', 0.9),
      ],
      competitors,
      lookup,
      { currency: 'EUR', rates },
    );
    expect(row).toHaveLength(columns.length);
    expect(Object.fromEntries(columns.map((column, i) => [column, row[i]]))).toEqual({
      reference_website_id: 'web_ref',
      reference_url: 'https://ref.test/1',
      reference_name: 'Product https://ref.test/1',
      reference_gtin: '4006381333931',
      reference_price: '100.00',
      currency: 'EUR',
      reference_original_price: '100.00',
      reference_original_currency: 'EUR',
      web_a_url: 'https://a.test/2',
      web_a_price: '94.77',
      web_a_original_price: '110.00',
      web_a_original_currency: 'USD',
      web_a_score: 0.95,
      web_b_url: 'https://b.test/1',
      web_b_price: '98.71',
      web_b_original_price: '2400.00',
      web_b_original_currency: 'CZK',
      web_b_score: 0.9,
      web_c_url: undefined,
      web_c_price: null,
      web_c_original_price: undefined,
      web_c_original_currency: undefined,
      web_c_score: undefined,
      web_a_match_status: 'auto',
      web_b_match_status: 'auto',
      web_c_match_status: undefined,
      web_a_competitor_status: 'MATCHED',
      web_b_competitor_status: 'MATCHED',
      web_c_competitor_status: 'NO_MATCH',
      reference_unit_price: null,
      reference_unit: null,
      web_a_unit_price: null,
      web_a_unit: null,
      web_a_pack_differs: false,
      web_b_unit_price: null,
      web_b_unit: null,
      web_b_pack_differs: false,
      web_c_unit_price: null,
      web_c_unit: null,
      web_c_pack_differs: null,
      web_a_variant_differs: null,
      web_b_variant_differs: null,
      web_c_variant_differs: null,
    });
  });

  it('flags a match to a sibling variant in both exports, after every other column', () => {
    const variant = (url: string, attributes: Record<string, string>) => ({
      ...product(url, '20.00', 'EUR'),
      variant_group: url.replace(/\?.*/, ''),
      variant_attributes: attributes,
    });
    const variants = new Map([
      ['web_ref https://ref.test/1', variant('https://ref.test/1?size=M', { Size: 'M', Color: 'Gray' })],
      ['web_a https://a.test/1', variant('https://a.test/1?size=L', { size: 'Large', colour: 'grey' })],
      ['web_b https://b.test/1', variant('https://b.test/1?size=M', { Größe: 'Medium', Farbe: 'GRAY' })],
      ['web_c https://c.test/1', product('https://c.test/1', '20.00', 'EUR')],
    ]);
    const variantLookup = (websiteId: string, url: string) => variants.get(`${websiteId} ${url}`);
    const competitors = ['web_a', 'web_b', 'web_c'];
    const columns = priceComparisonColumns(competitors);
    const row = priceComparisonRow(
      { website_id: 'web_ref', product: variants.get('web_ref https://ref.test/1') as ProductRecord },
      competitors.map((id) => match(id, `https://${id.slice(4)}.test/1`, 0.9)),
      competitors,
      variantLookup,
      { currency: 'EUR', rates },
    );
    expect(row).toHaveLength(columns.length);
    expect(columns.slice(-3)).toEqual([
      'web_a_variant_differs',
      'web_b_variant_differs',
      'web_c_variant_differs',
    ]);
    // Size M against Large differs; Medium and GRAY at web_b are M and grey; web_c sells no variants.
    expect(row.slice(-3)).toEqual([true, false, null]);
    const matchCells = (competitor: string, url: string) => {
      const cells = matchRow(match(competitor, url, 0.9), variantLookup, { currency: 'EUR', rates });
      expect(cells).toHaveLength(MATCH_COLUMNS.length);
      return cells.at(-1);
    };
    expect(MATCH_COLUMNS.at(-1)).toBe('variant_differs');
    expect(matchCells('web_a', 'https://a.test/1')).toBe(true);
    expect(matchCells('web_c', 'https://c.test/1')).toBeNull();
  });

  it('compares products sold in other packs per unit and flags them', () => {
    const packed = (url: string, name: string, price: string, currency: string, unitPrice: string) => ({
      ...product(url, price, currency),
      name,
      unit_price: unitPrice,
      unit: 'kg' as const,
    });
    const packs = new Map([
      ['web_ref https://ref.test/1', packed('https://ref.test/1', 'Mehl 2 × 500 g', '3.00', 'EUR', '3.00')],
      ['web_a https://a.test/1', packed('https://a.test/1', 'Mehl 1 kg', '3.48', 'USD', '3.48')],
      ['web_b https://b.test/1', packed('https://b.test/1', 'Mehl 2 x 500 g', '72.00', 'CZK', '72.00')],
    ]);
    const competitors = ['web_a', 'web_b'];
    const columns = priceComparisonColumns(competitors);
    const row = priceComparisonRow(
      { website_id: 'web_ref', product: packs.get('web_ref https://ref.test/1') as ProductRecord },
      [match('web_a', 'https://a.test/1', 0.9), match('web_b', 'https://b.test/1', 0.9)],
      competitors,
      (websiteId, url) => packs.get(`${websiteId} ${url}`),
      { currency: 'EUR', rates },
    );
    expect(row).toHaveLength(columns.length);
    // The new columns come last, after every column files had before.
    expect(columns.slice(-10)).toEqual([
      'reference_unit_price',
      'reference_unit',
      'web_a_unit_price',
      'web_a_unit',
      'web_a_pack_differs',
      'web_b_unit_price',
      'web_b_unit',
      'web_b_pack_differs',
      'web_a_variant_differs',
      'web_b_variant_differs',
    ]);
    expect(Object.fromEntries(columns.map((column, i) => [column, row[i]]))).toMatchObject({
      reference_price: '3.00',
      reference_unit_price: '3.00',
      reference_unit: 'kg',
      web_a_price: '3.00',
      web_a_unit_price: '3.00',
      web_a_unit: 'kg',
      web_a_pack_differs: true,
      web_b_price: '2.96',
      web_b_unit_price: '2.96',
      web_b_unit: 'kg',
      web_b_pack_differs: false,
    });
  });

  it('compares trusted matches only: a pair waiting for review is REVIEW, a hopeless one NO_MATCH', () => {
    const competitors = ['web_a', 'web_b'];
    const columns = priceComparisonColumns(competitors);
    const row = priceComparisonRow(
      { website_id: 'web_ref', product: product('https://ref.test/1', '100.00', 'EUR') },
      [
        match('web_a', 'https://a.test/2', 0.95, 'review', 0.6),
        match('web_b', 'https://b.test/1', 0.9, 'review', NO_MATCH_CONFIDENCE / 2),
      ],
      competitors,
      lookup,
      { currency: 'EUR', rates },
    );
    expect(Object.fromEntries(columns.map((column, i) => [column, row[i]]))).toMatchObject({
      web_a_url: undefined,
      web_a_price: null,
      web_a_match_status: undefined,
      web_a_competitor_status: 'REVIEW',
      web_b_url: undefined,
      web_b_competitor_status: 'NO_MATCH',
    });
  });
});

describe('every dataset is safe to open in a spreadsheet', () => {
  const hostile = (url: string): ProductRecord => ({
    ...product(url, '10.00', 'EUR'),
    name: '=HYPERLINK("http://evil.example/","Click")',
    brand: '+Brand',
    gtin: '@4006381333931',
    mpn: '-MPN',
    sku: '\tSKU',
    image: '=IMAGE("x")',
    category: '\r=1',
    canonical_url: '=evil',
    variant_group: '=group',
    variant_attributes: { size: '=M' },
  });
  const reference = hostile('=ref');
  const competitor = hostile('=comp');
  const match: ReviewedMatch = {
    reference_website_id: 'web_r',
    reference_url: reference.url,
    competitor_website_id: 'web_c',
    competitor_url: competitor.url,
    score: 0.9,
    method: '=TEXT',
    status: 'auto',
  };
  const lookup: ProductLookup = (websiteId) => (websiteId === 'web_r' ? reference : competitor);
  const conversion = { currency: 'EUR', rates };
  // Every writer of every dataset: its columns and one row of hostile text.
  const files: Record<
    ExportDataset | 'products of a URL scrape job',
    { columns: readonly string[]; row: CsvValue[] }
  > = {
    products: { columns: PRODUCT_COLUMNS, row: productRow('web_r', reference, conversion) },
    'products of a URL scrape job': {
      columns: URL_SCRAPE_COLUMNS,
      row: urlScrapeRow('web_r', { url: '=ref', result: 'OK' }, reference, conversion),
    },
    matches: { columns: MATCH_COLUMNS, row: matchRow(match, lookup, conversion) },
    price_comparison: {
      columns: priceComparisonColumns(['web_c']),
      row: priceComparisonRow(
        { website_id: 'web_r', product: reference },
        [match],
        ['web_c'],
        lookup,
        conversion,
      ),
    },
    price_history: {
      columns: PRICE_HISTORY_COLUMNS,
      row: priceHistoryRow('web_r', {
        product_id: 'prd_0123456789abcdef01234567',
        url: reference.url,
        price: '10.00',
        currency: 'EUR',
        availability: 'IN_STOCK',
        observed_at: '2026-11-24T08:00:00.000Z',
        job_id: 'job_a',
      }),
    },
    price_changes: {
      columns: PRICE_CHANGE_COLUMNS,
      row: priceChangeRow({
        kind: 'PRICE_DOWN',
        product_id: 'prd_0123456789abcdef01234567',
        product_url: competitor.url,
        product_name: competitor.name,
        previous_price: '10.00',
        current_price: '9.00',
        currency: 'EUR',
        previous_availability: 'IN_STOCK',
        current_availability: 'IN_STOCK',
        price_change: '-1.00',
        price_change_percent: -10,
        website_id: 'web_c',
        job_id: 'job_a',
        detected_at: '2026-11-24T08:00:00.000Z',
        matched_reference: {
          website_id: 'web_r',
          product_id: 'prd_76543210fedcba9876543210',
          url: reference.url,
          name: reference.name,
        },
      }),
    },
  };
  // Signed numbers (a price change of -1.00) are numbers to a spreadsheet, not formulas.
  const startsFormula = (text: string) => /^[=+\-@\t\r]/.test(text) && !/^[+-]\d+(?:\.\d+)?$/.test(text);

  it('covers every dataset', () => {
    expect(Object.keys(files)).toEqual(expect.arrayContaining([...EXPORT_DATASETS]));
  });

  for (const [dataset, { columns, row }] of Object.entries(files)) {
    it(`${dataset}: no text cell of the CSV starts a formula; JSON Lines keeps the raw values`, () => {
      const [header, cells = []] = readCsv(csvLine(columns) + csvLine(row));
      expect(header).toEqual([...columns]);
      const texts = row.filter((value) => typeof value === 'string' && startsFormula(value));
      expect(texts.length).toBeGreaterThan(0);
      expect(cells.filter(startsFormula)).toEqual([]);
      for (const [index, value] of row.entries())
        if (typeof value === 'string' && startsFormula(value)) expect(cells[index]).toBe(`'${value}`);

      const record = JSON.parse(jsonLine(columns, row)) as Record<string, unknown>;
      expect(Object.keys(record)).toEqual([...columns]);
      expect(Object.values(record)).toEqual(row.map((value) => value ?? null));
    });

    it(`${dataset}: xlsx holds the raw values in typed cells and Parquet in typed columns, read back by other readers`, async () => {
      // What a typed format holds: the raw value, an object as its JSON text.
      const typed = row.map((value) =>
        value === null || value === undefined
          ? null
          : typeof value === 'object'
            ? JSON.stringify(value)
            : value,
      );
      const xlsx = memorySink();
      const parquet = memorySink();
      for (const [format, sink] of [
        ['xlsx', xlsx],
        ['parquet', parquet],
      ] as const) {
        const writer = rowWriterOf(format, sink, { dataset: 'products', columns });
        await writer.row(row);
        await writer.end();
      }
      const [sheet] = await readXlsx(xlsx.bytes());
      expect(sheet?.rows).toEqual([[...columns], typed]);
      const read = await readParquet(parquet.bytes());
      expect(Object.keys(read.columns)).toEqual([...columns]);
      expect(read.rows).toEqual([Object.fromEntries(columns.map((column, index) => [column, typed[index]]))]);
    });
  }
});
