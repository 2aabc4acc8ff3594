import { readFile } from 'node:fs/promises';
import type { ProductRecord } from '#core/product-record';

/** One entity-resolution benchmark: two whole catalogues and the answer key of true pairs. */
export interface BenchmarkDataset {
  name: string;
  left: ProductRecord[];
  right: ProductRecord[];
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
const benchmarkFolder = new URL('../../data/matching/', import.meta.url);

/**
 * Reads a benchmark into product records: title -> name, manufacturer/brand -> brand, modelno -> mpn,
 * price -> price. Columns the product record has no field for (description, ship weight, dimensions)
 * are left out, because a scraped catalog would not carry them either. The key is a URL built from
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

function toRecord(row: Record<string, string>, url: (id: string) => string): ProductRecord {
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
  };
}

/** Separated values with a header line; a field may be quoted, with "" standing for a quote. */
function parseRows(text: string, separator: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  const [header = [], ...rows] = lines.map((line) => parseLine(line, separator));
  return rows.map((fields) => Object.fromEntries(header.map((column, i) => [column, fields[i] ?? ''])));
}

function parseLine(line: string, separator: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else value += line[i++];
      }
      fields.push(value);
      i = line.indexOf(separator, i) === -1 ? line.length + 1 : line.indexOf(separator, i) + 1;
    } else {
      const end = line.indexOf(separator, i);
      fields.push(line.slice(i, end === -1 ? line.length : end));
      i = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return fields;
}
