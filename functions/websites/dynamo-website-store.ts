import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ProductRecord } from '#core/product-record';
import { deletePartition } from '#store/batch-write';
import { isConditionFailure } from '#store/condition-failure';
import type { TransactItem } from '#store/dynamo';
import { jointWrite } from '#store/dynamo-joint-write';
import {
  inIndex,
  projectWebsitesIndex,
  projectWebsitesPartition,
  websiteIdentityKey,
  websiteKey,
  websiteProfileKey,
  websiteSampleKey,
} from '#store/keys';
import { queryAll } from '#store/query-all';
import { newestFirstPage, type PageRequest, type QueryPage } from '#store/query-page';
import { dynamo, tableName } from '#store/table-services';
import type { Website } from './website.ts';
import type { WebsiteStore } from './website-store.ts';

const toWebsite = (item: Record<string, unknown>): Website => {
  const { PK: _pk, SK: _sk, GSI1PK: _gpk, GSI1SK: _gsk, type: _type, ...website } = item;
  // Websites set up before rendering was decided are read over HTTP.
  return { rendering: 'HTTP', ...website } as unknown as Website;
};

/**
 * The writes that put a website into its project: the website, its identity (one website per
 * identity and project: the put fails if another holds it), the extraction profile and the sample.
 * They go into the transaction that completes the setup job, so a website never lands half.
 */
export function landWebsiteItems(
  website: Website,
  profile: unknown,
  sample: ProductRecord[],
): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...websiteKey(website.website_id),
          ...projectWebsitesIndex(website.project_id, website.website_id),
          type: 'Website',
          ...website,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...websiteIdentityKey(website.project_id, website.domain),
          type: 'WebsiteIdentity',
          website_id: website.website_id,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...websiteProfileKey(website.website_id), type: 'WebsiteProfile', profile },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...websiteSampleKey(website.website_id), type: 'WebsiteSample', products: sample },
      },
    },
  ];
}

async function getWebsite(websiteId: string): Promise<Website | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: websiteKey(websiteId), ConsistentRead: true }),
  );
  return Item ? toWebsite(Item) : null;
}

async function findWebsiteByIdentity(projectId: string, domain: string): Promise<Website | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: websiteIdentityKey(projectId, domain),
      ConsistentRead: true,
    }),
  );
  return Item ? getWebsite(String(Item.website_id)) : null;
}

async function listWebsites(projectId: string): Promise<Website[]> {
  const items = await queryAll({ ...inIndex(projectWebsitesPartition(projectId)), ScanIndexForward: false });
  return items.map(toWebsite);
}

function listWebsitesPage(projectId: string, page: PageRequest): Promise<QueryPage<Website>> {
  return newestFirstPage(inIndex(projectWebsitesPartition(projectId)), page, toWebsite);
}

async function existingWebsiteIds(websiteIds: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(websiteIds)];
  const existing = new Set<string>();
  for (let i = 0; i < unique.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map(websiteKey);
    while (keys && keys.length > 0) {
      const { Responses, UnprocessedKeys }: BatchGetCommandOutput = await dynamo().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: { Keys: keys, ConsistentRead: true, ProjectionExpression: 'website_id' },
          },
        }),
      );
      for (const item of Responses?.[tableName()] ?? []) existing.add(String(item.website_id));
      keys = UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return existing;
}

async function getWebsiteSample(websiteId: string): Promise<ProductRecord[]> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: websiteSampleKey(websiteId), ConsistentRead: true }),
  );
  return (Item?.products as ProductRecord[] | undefined) ?? [];
}

async function getWebsiteProfile(websiteId: string): Promise<unknown> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: websiteProfileKey(websiteId), ConsistentRead: true }),
  );
  return Item?.profile ?? null;
}

/** The website and its identity go in one transaction, then the rest of its partition. */
async function removeWebsite(website: Website): Promise<boolean> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: websiteKey(website.website_id),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: websiteIdentityKey(website.project_id, website.domain),
              ConditionExpression: 'website_id = :id',
              ExpressionAttributeValues: { ':id': website.website_id },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await deletePartition(websiteKey(website.website_id).PK);
  return true;
}

export const dynamoWebsiteStore: WebsiteStore = {
  landing: (website, profile, sample) =>
    jointWrite(`website ${website.website_id} lands in ${website.project_id}`, () =>
      landWebsiteItems(website, profile, sample),
    ),
  get: getWebsite,
  findByIdentity: findWebsiteByIdentity,
  ofProject: listWebsites,
  page: listWebsitesPage,
  existingIds: existingWebsiteIds,
  sample: getWebsiteSample,
  profile: getWebsiteProfile,
  remove: removeWebsite,
};
