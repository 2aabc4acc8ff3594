import { describe, expect, it } from 'vitest';
import { type CsvValue, csvLine } from './csv-lines.ts';
import { PRODUCT_COLUMNS } from './export-datasets.ts';
import type { ExportRecord } from './export-record.ts';
import { jsonLine } from './json-lines.ts';
import { pendingProjectRecord, productRowOfLine } from './project-file-parts.ts';

const row = (websiteId: string, index: number): CsvValue[] =>
  PRODUCT_COLUMNS.map((column) =>
    column === 'website_id'
      ? websiteId
      : column === 'url'
        ? `https://${websiteId}.example/p/${index}`
        : column === 'field_sources'
          ? { name: 'JSONLD' }
          : column === 'name'
            ? `=Product, "${index}"`
            : null,
  );

/** A website's file as `writeExportFile` writes it, and its record. */
function websiteFile(websiteId: string, rows: number) {
  const values = Array.from({ length: rows }, (_, index) => row(websiteId, index));
  const csv = csvLine(PRODUCT_COLUMNS) + values.map(csvLine).join('');
  const jsonl = values.map((cells) => jsonLine(PRODUCT_COLUMNS, cells)).join('');
  const record: ExportRecord = {
    project_id: 'prj_a',
    dataset: 'products',
    website_id: websiteId,
    format: 'csv',
    rows,
    bytes: Buffer.byteLength(csv),
    updated_at: '2026-11-01T00:00:00.000Z',
    object_key: `exports/prj_a/products/${websiteId}.csv`,
    jsonl: { object_key: `exports/prj_a/products/${websiteId}.jsonl`, bytes: Buffer.byteLength(jsonl) },
    currency: 'EUR',
    rates_date: websiteId === 'web_a' ? '2026-11-02' : '2026-11-01',
    sources: { [websiteId]: `job_${websiteId}` },
  };
  return { csv, jsonl, record };
}

const keys = { csv: 'exports/prj_a/products/all.csv', jsonl: 'exports/prj_a/products/all.jsonl' };

describe("the project's products file composed from its websites' files", () => {
  it('is announced with the rows and sizes the composition gives, pending until written', () => {
    const files = [websiteFile('web_a', 3), websiteFile('web_b', 2)];
    const record = pendingProjectRecord(
      'prj_a',
      files.map((file) => file.record),
      keys,
      '2026-11-03T00:00:00.000Z',
    );
    const composedRows = files.flatMap((file) =>
      file.jsonl.split('\n').filter(Boolean).map(productRowOfLine),
    );
    const composedCsv = csvLine(PRODUCT_COLUMNS) + composedRows.map(csvLine).join('');
    const composedJsonl = composedRows.map((cells) => jsonLine(PRODUCT_COLUMNS, cells)).join('');
    expect(composedCsv).toBe(files[0]?.csv + (files[1]?.csv.slice(csvLine(PRODUCT_COLUMNS).length) ?? ''));
    expect(record).toEqual({
      project_id: 'prj_a',
      dataset: 'products',
      website_id: null,
      job_id: null,
      format: 'csv',
      rows: 5,
      bytes: Buffer.byteLength(composedCsv),
      updated_at: '2026-11-03T00:00:00.000Z',
      object_key: keys.csv,
      jsonl: { object_key: keys.jsonl, bytes: Buffer.byteLength(composedJsonl) },
      currency: 'EUR',
      rates_date: '2026-11-01',
      sources: { web_a: 'job_web_a', web_b: 'job_web_b' },
      pending: true,
    });
  });

  it('names no JSON Lines twin when a website file has none', () => {
    const { record } = websiteFile('web_a', 1);
    const { jsonl: _jsonl, ...withoutTwin } = record;
    expect(pendingProjectRecord('prj_a', [record, withoutTwin], keys, 'now').jsonl).toBeUndefined();
  });
});
