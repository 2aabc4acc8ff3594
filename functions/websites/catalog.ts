import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { fromJsonLines, toJsonLines } from '#core/json-lines';
import type { ProductRecord } from '#core/product-record';
import type { UrlResult } from '#crawl/page/scrape-url';
import { getDataObject, JSON_LINES, putDataObject } from '#store/data-bucket';
import { dynamo, type TransactItem, tableName } from '#store/dynamo';
import { websiteCatalogKey } from '#store/keys';

/**
 * Catalogs: the products one scrape job delivered, as one JSON Lines object per version in the data
 * bucket (`catalogs/<project>/<website>/<version>.jsonl`, one product record a line, the version
 * being the job id), never one table item per product. Two pointer items per website name the
 * catalogs that later work reads:
 *
 * - `COMPLETE`: the newest whole catalog (a FULL scrape, or a CATALOG_URLS re-scrape of one); what
 *   matching and exports read, through `latestCatalog` and `readCatalog`.
 * - `FULL`: the newest catalog of a FULL scrape; its age decides whether a FULL scrape is still
 *   fresh and whether CATALOG_URLS may re-scrape its URLs.
 *
 * A URL scrape (URLS_ONLY) writes its own version and moves neither pointer: it is a part, not a
 * catalog of the website.
 */
export type CatalogKind = 'FULL' | 'COMPLETE';

export interface CatalogPointer {
  website_id: string;
  project_id: string;
  /** The version: the id of the job that delivered it. */
  version: string;
  /** The JSON Lines object in the data bucket. */
  object_key: string;
  variant: 'FULL' | 'CATALOG_URLS' | 'URLS_ONLY';
  /** Product pages in the object; a page offering variants is a line per variant. */
  products: number;
  /** When the catalog was delivered. */
  created_at: string;
}

export const catalogObjectKey = (projectId: string, websiteId: string, version: string) =>
  `catalogs/${projectId}/${websiteId}/${version}.jsonl`;

/**
 * What became of each URL a scrape job fetched, in the order planned, beside its catalog version
 * (`<version>.urls.jsonl`): the URL job's export lists every URL sent with its result. An OK URL
 * names the catalog record holding its product (`product_url`: another URL's when two URLs reached
 * one product).
 */
export interface UrlOutcomeLine {
  url: string;
  result: UrlResult;
  product_url: string | null;
}

const urlOutcomesObjectKey = (projectId: string, websiteId: string, version: string) =>
  `catalogs/${projectId}/${websiteId}/${version}.urls.jsonl`;

export const writeUrlOutcomes = (
  projectId: string,
  websiteId: string,
  version: string,
  lines: readonly UrlOutcomeLine[],
) => putDataObject(urlOutcomesObjectKey(projectId, websiteId, version), toJsonLines(lines), JSON_LINES);

/** The URL outcomes of a catalog version; null when none were written (a version older than them). */
export async function readUrlOutcomes(
  projectId: string,
  websiteId: string,
  version: string,
): Promise<UrlOutcomeLine[] | null> {
  const text = await getDataObject(urlOutcomesObjectKey(projectId, websiteId, version));
  return text === null ? null : fromJsonLines<UrlOutcomeLine>(text);
}

/** Writes one catalog version; writing the same version again (a retried task) replaces it whole. */
export async function writeCatalog(
  projectId: string,
  websiteId: string,
  version: string,
  products: readonly ProductRecord[],
): Promise<string> {
  const key = catalogObjectKey(projectId, websiteId, version);
  await putDataObject(key, toJsonLines(products), JSON_LINES);
  return key;
}

/** The pointer writes that make `pointer` the website's newest catalog of each kind. */
export function catalogPointerWrites(pointer: CatalogPointer, kinds: readonly CatalogKind[]): TransactItem[] {
  return kinds.map((kind) => ({
    Put: {
      TableName: tableName(),
      Item: { ...websiteCatalogKey(pointer.website_id, kind), type: 'CatalogPointer', kind, ...pointer },
    },
  }));
}

/** The website's newest catalog of a kind (by default the newest whole one), or null when none. */
export async function latestCatalog(
  websiteId: string,
  kind: CatalogKind = 'COMPLETE',
): Promise<CatalogPointer | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: websiteCatalogKey(websiteId, kind), ConsistentRead: true }),
  );
  if (!Item) return null;
  const { PK: _pk, SK: _sk, type: _type, kind: _kind, ...pointer } = Item;
  return pointer as CatalogPointer;
}

/** The product records of a catalog version; empty when its object is gone. */
export async function readCatalog(pointer: Pick<CatalogPointer, 'object_key'>): Promise<ProductRecord[]> {
  const text = await getDataObject(pointer.object_key);
  return text === null ? [] : fromJsonLines<ProductRecord>(text);
}
