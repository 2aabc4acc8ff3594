import { readFile } from 'node:fs/promises';
import { parseRows } from './parse-rows.ts';

/** Two offer titles and whether they name the same product. */
export interface LabelledPair {
  left: string;
  right: string;
  same: boolean;
}

/** The WDC Products pairs kept in the repository (data/matching/wdc-products, with source and licence). */
const pairsFolder = new URL('../../../data/matching/wdc-products/', import.meta.url);

/** Reads `train` (to learn from) or `valid` (to measure on): columns title_left, title_right, label. */
export async function readLabelledPairs(split: 'train' | 'valid'): Promise<LabelledPair[]> {
  const rows = parseRows(await readFile(new URL(`${split}.csv`, pairsFolder), 'utf8'), ',');
  return rows.map((row) => ({
    left: row.title_left ?? '',
    right: row.title_right ?? '',
    same: row.label === '1',
  }));
}
