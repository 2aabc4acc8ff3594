import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Difficulty, Estimate } from '#core/pricing';
import { NotFound } from '#core/problem';
import type { ProductRecord } from '#core/product-record';
import { deletePartition } from './batch-write.ts';
import { isConditionFailure } from './condition-failure.ts';
import { dynamo, type TransactItem, tableName } from './dynamo.ts';
import {
  inIndex,
  projectWebsitesIndex,
  projectWebsitesPartition,
  websiteIdentityKey,
  websiteKey,
  websiteProfileKey,
  websiteSampleKey,
} from './keys.ts';
import { queryAll } from './query-all.ts';
import { newestFirstPage, type PageRequest, type QueryPage } from './query-page.ts';

/** A website in a project: what its setup found, and the quote of a FULL scrape of it. */
export interface Website {
  website_id: string;
  project_id: string;
  /** The home page the setup started from. */
  url: string;
  /** The website's identity: host without `www.`, plus a non-default port. */
  domain: string;
  language: string | null;
  product_type: string | null;
  products_estimate: number;
  difficulty: Difficulty;
  /** How its pages are read: fetched, or rendered in a browser (the setup's analysis decided). */
  rendering: 'HTTP' | 'BROWSER';
  /** The FULL-scrape quote made when the website was set up. */
  estimate: Estimate;
  setup_job_id: string;
  created_at: string;
  updated_at: string;
}

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

export async function getWebsite(websiteId: string): Promise<Website | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: websiteKey(websiteId), ConsistentRead: true }),
  );
  return Item ? toWebsite(Item) : null;
}

/** A website of the project, or 404 WEBSITE_NOT_FOUND for one of another project or none. */
export async function projectWebsite(projectId: string, websiteId: string): Promise<Website> {
  const website = await getWebsite(websiteId);
  if (website?.project_id !== projectId) throw NotFound('WEBSITE_NOT_FOUND', 'No such website.');
  return website;
}

export async function findWebsiteByDomain(projectId: string, domain: string): Promise<Website | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: websiteIdentityKey(projectId, domain),
      ConsistentRead: true,
    }),
  );
  return Item ? getWebsite(String(Item.website_id)) : null;
}

/** The project's websites, newest first. */
export async function listWebsites(projectId: string): Promise<Website[]> {
  const items = await queryAll({ ...inIndex(projectWebsitesPartition(projectId)), ScanIndexForward: false });
  return items.map(toWebsite);
}

/** One page of the project's websites, newest first (GET /websites). */
export function listWebsitesPage(projectId: string, page: PageRequest): Promise<QueryPage<Website>> {
  return newestFirstPage(inIndex(projectWebsitesPartition(projectId)), page, toWebsite);
}

/** Which of these website ids are still in their projects. */
export async function existingWebsiteIds(websiteIds: string[]): Promise<Set<string>> {
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

export async function getWebsiteSample(websiteId: string): Promise<ProductRecord[]> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: websiteSampleKey(websiteId), ConsistentRead: true }),
  );
  return (Item?.products as ProductRecord[] | undefined) ?? [];
}

export async function getWebsiteProfile(websiteId: string): Promise<unknown> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: websiteProfileKey(websiteId), ConsistentRead: true }),
  );
  return Item?.profile ?? null;
}

/**
 * Removes a website from its project: the website and its identity go together (so the same
 * website can be set up again), then the rest of its partition (profile, sample, job links).
 * Returns false when it was already removed.
 */
export async function removeWebsite(website: Website): Promise<boolean> {
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
