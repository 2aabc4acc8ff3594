import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { fromJsonLines, toJsonLines } from '#core/json-lines';
import type { ProductRecord } from '#core/product-record';
import { JSON_LINES } from '#store/data-bucket';
import { getDataObject, putDataObject } from '#store/data-bucket-services';
import type { TransactItem } from '#store/dynamo';
import { jointWrite } from '#store/dynamo-joint-write';
import { websiteCatalogKey } from '#store/keys';
import { dynamo, tableName } from '#store/table-services';
import {
  type CatalogKind,
  type CatalogPointer,
  catalogObjectKey,
  type UrlOutcomeLine,
  urlOutcomesObjectKey,
} from './catalog.ts';
import type { CatalogStore } from './catalog-store.ts';

/** Catalog versions are JSON Lines objects in the data bucket; the pointers are table items. */
async function writeCatalog(
  projectId: string,
  websiteId: string,
  version: string,
  products: readonly ProductRecord[],
): Promise<string> {
  const key = catalogObjectKey(projectId, websiteId, version);
  await putDataObject(key, toJsonLines(products), JSON_LINES);
  return key;
}

async function readCatalog(pointer: Pick<CatalogPointer, 'object_key'>): Promise<ProductRecord[]> {
  const text = await getDataObject(pointer.object_key);
  return text === null ? [] : fromJsonLines<ProductRecord>(text);
}

async function latestCatalog(
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

async function writeUrlOutcomes(
  projectId: string,
  websiteId: string,
  version: string,
  lines: readonly UrlOutcomeLine[],
): Promise<void> {
  await putDataObject(urlOutcomesObjectKey(projectId, websiteId, version), toJsonLines(lines), JSON_LINES);
}

async function readUrlOutcomes(
  projectId: string,
  websiteId: string,
  version: string,
): Promise<UrlOutcomeLine[] | null> {
  const text = await getDataObject(urlOutcomesObjectKey(projectId, websiteId, version));
  return text === null ? null : fromJsonLines<UrlOutcomeLine>(text);
}

/**
 * The pointer writes that make `pointer` the website's newest catalog of each kind, for the
 * transaction that completes the scrape job (so a job never completes without its pointers).
 */
export function catalogPointerWrites(pointer: CatalogPointer, kinds: readonly CatalogKind[]): TransactItem[] {
  return kinds.map((kind) => ({
    Put: {
      TableName: tableName(),
      Item: { ...websiteCatalogKey(pointer.website_id, kind), type: 'CatalogPointer', kind, ...pointer },
    },
  }));
}

export const dynamoCatalogStore: CatalogStore = {
  newestPointers: (pointer, kinds) =>
    jointWrite(
      `catalog ${pointer.version} is the newest ${kinds.join(' and ')} of ${pointer.website_id}`,
      () => catalogPointerWrites(pointer, kinds),
    ),
  write: writeCatalog,
  read: readCatalog,
  latest: latestCatalog,
  writeUrlOutcomes,
  readUrlOutcomes,
};
