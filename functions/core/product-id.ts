import { createHash } from 'node:crypto';

/**
 * The id a product is shown and asked for by: a digest of its identity (`productIdentity`), so the
 * same product has the same id in every scrape of a website without a table of ids, and the id alone
 * names the history shard that holds its series.
 */
export function productId(identity: string): string {
  return `prd_${createHash('sha256').update(identity).digest('hex').slice(0, 24)}`;
}

export const PRODUCT_ID = /^prd_[0-9a-f]{24}$/;

/**
 * History is split into 256 shards by the first byte of the id: at 10,000 products a shard holds
 * about 40 products a run, so one product's series reads 1/256 of the website's history.
 */
export const HISTORY_SHARDS = 256;

export const historyShard = (id: string): string => id.slice(4, 6);
