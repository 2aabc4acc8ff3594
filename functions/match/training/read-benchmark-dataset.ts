import { readFile } from 'node:fs/promises';
import type { ProductRecord } from '#core/product-record';
import { parseRows } from './parse-rows.ts';

/** A benchmark row as a product record, with the description where the benchmark has one. */
export type BenchmarkProduct = ProductRecord & { description: string | null };

/** One entity-resolution benchmark: two whole catalogues and the answer key of true pairs. */
export interface BenchmarkDataset {
  name: string;
  left: BenchmarkProduct[];
  right: BenchmarkProduct[];
  /** True pairs as [left url, right url]. */
  truth: [string, string][];
}

interface DatasetLayout {
  left: string;
  right: string;
  separator: string;
}

/** The folders of data/matching; their README names the files and separators. */
const layouts: Record<string, DatasetLayout> = {
  'amazon-google': { left: 'amazon', right: 'gp', separator: '#' },
  'walmart-amazon': { left: 'walmart', right: 'amazon', separator: '|' },
};

/** The matching benchmarks kept in the repository (data/matching, with their sources and licences). */
const benchmarkFolder = new URL('../../../data/matching/', import.meta.url);

/**
 * Reads a benchmark into product records: title -> name, manufacturer/brand -> brand, modelno -> mpn,
 * price -> price, description -> description (the engine reads it; the product record has no field
 * for it). Ship weight and dimensions are left out, because a scraped catalog would not carry them. The key is a URL built from
 * the row id under the reserved `.example` domain of the source shop.
 */
export async function readBenchmarkDataset(name: string): Promise<BenchmarkDataset> {
  const layout = layouts[name];
  if (!layout) throw new Error(`unknown matching benchmark ${name}`);
  const folder = new URL(`${name}/`, benchmarkFolder);
  const read = async (file: string): Promise<Record<string, string>[]> =>
    parseRows(await readFile(new URL(`${file}.csv`, folder), 'utf8'), layout.separator);
  const [left, right, truth] = await Promise.all([read(layout.left), read(layout.right), read('gt')]);
  const leftUrl = (id: string): string => `https://${layout.left}.example/products/${id}`;
  const rightUrl = (id: string): string => `https://${layout.right}.example/products/${id}`;
  return {
    name,
    left: left.map((row) => toRecord(row, leftUrl)),
    right: right.map((row) => toRecord(row, rightUrl)),
    truth: truth.map((row) => [leftUrl(row.D1 ?? ''), rightUrl(row.D2 ?? '')]),
  };
}

function toRecord(row: Record<string, string>, url: (id: string) => string): BenchmarkProduct {
  const text = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);
  const price = Number(row.price);
  return {
    url: url(row.id ?? ''),
    name: text(row.title),
    brand: text(row.brand ?? row.manufacturer),
    gtin: null,
    mpn: text(row.modelno),
    sku: null,
    // The benchmarks write unknown prices as 0.
    price: Number.isFinite(price) && price > 0 ? price.toFixed(2) : null,
    currency: 'USD',
    availability: 'UNKNOWN',
    image: null,
    category: null,
    scraped_at: '1970-01-01T00:00:00.000Z',
    description: text(row.description),
  };
}
