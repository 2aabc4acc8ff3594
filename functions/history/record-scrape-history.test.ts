import { GetObjectCommand, ListObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductRecord } from '#core/product-record';
import type { ScrapeJob } from '#jobs/scrape-job';
import type { MatchingReads } from '#matching-model/matching-reads';
import { recordScrapeHistory } from './record-scrape-history.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
vi.mock('#store/data-bucket-services', () => import('#test/unit-data-bucket'));
const s3 = mockClient(S3Client);
const dynamo = mockClient(DynamoDBDocumentClient);

afterEach(() => {
  s3.reset();
  dynamo.reset();
});

const SETTLED_AT = '2026-11-24T09:00:00.000Z';

const product = (url: string, price: string, availability: ProductRecord['availability'] = 'IN_STOCK') =>
  ({
    url,
    name: `Product ${url}`,
    brand: null,
    gtin: null,
    mpn: null,
    sku: null,
    price,
    currency: 'EUR',
    availability,
    image: null,
    category: null,
    scraped_at: '2026-11-24T08:30:00.000Z',
  }) satisfies ProductRecord;

const job = (previous: string | null | undefined) =>
  ({
    job_id: 'job_new',
    project_id: 'prj_a',
    website_id: 'web_a',
    settlement: { settled_at: SETTLED_AT },
    ...(previous === undefined ? {} : { previous_catalog: previous }),
  }) as unknown as ScrapeJob;

/** The data bucket holding catalog versions by job id. */
function catalogs(versions: Record<string, ProductRecord[]>) {
  for (const [version, products] of Object.entries(versions)) {
    const text = products.map((record) => `${JSON.stringify(record)}\n`).join('');
    s3.on(GetObjectCommand, { Key: `catalogs/prj_a/web_a/${version}.jsonl` }).resolves({
      Body: { transformToString: async () => text } as never,
    });
  }
  // The history shards hold only this run's objects: nothing to merge.
  s3.on(ListObjectsCommand).resolves({ Contents: [] });
  // The website's previous history run, a day before: the run merges its shards' ended days.
  dynamo.on(GetCommand).resolves({ Item: { website_id: 'web_a', recorded_at: '2026-11-23T09:00:00.000Z' } });
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });
}

/** A project nothing of which was matched yet: no change links a reference. */
const unmatched: MatchingReads = {
  decisions: async () => [],
  decisionsVersion: async () => 0,
  pairStates: async () => [],
};

const historyPuts = () => s3.commandCalls(PutObjectCommand).map((call) => String(call.args[0].input.Key));

describe('recordScrapeHistory', () => {
  it('appends a first scrape to the history and finds no changes', async () => {
    // Prepare
    catalogs({
      job_new: [product('https://shop.example/1', '10.00'), product('https://shop.example/2', '20.00')],
    });
    // Act
    const changes = await recordScrapeHistory(job(null), unmatched);
    // Assess
    expect(changes).toEqual([]);
    expect(historyPuts().length).toBeGreaterThan(0);
    expect(
      historyPuts().every((key) => key.startsWith('history/prj_a/web_a/') && key.endsWith('_job_new.jsonl')),
    ).toBe(true);
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({
      SK: 'HISTORY',
      version: 'job_new',
    });
    expect(dynamo.commandCalls(BatchWriteCommand)).toEqual([]);
  });

  it('keeps the changes since the previous whole catalog for the retention and returns them', async () => {
    // Prepare
    catalogs({
      job_old: [product('https://shop.example/1', '10.00'), product('https://shop.example/2', '20.00')],
      job_new: [product('https://shop.example/1', '9.00', 'OUT_OF_STOCK')],
    });
    // Act
    const changes = await recordScrapeHistory(job('job_old'), unmatched);
    // Assess
    expect(changes).toMatchObject([
      { change_id: 'chg_new_0', kind: 'PRICE_DOWN', price_change: '-1.00', detected_at: SETTLED_AT },
      { change_id: 'chg_new_1', kind: 'OUT_OF_STOCK', product_name: 'Product https://shop.example/1' },
      { change_id: 'chg_new_2', kind: 'PRODUCT_GONE', matched_reference: null },
    ]);
    const written =
      dynamo.commandCalls(BatchWriteCommand)[0]?.args[0].input.RequestItems?.['unit-table'] ?? [];
    expect(written.map((request) => request.PutRequest?.Item?.SK)).toEqual([
      `CHANGE#${SETTLED_AT}#job_new#000000`,
      `CHANGE#${SETTLED_AT}#job_new#000001`,
      `CHANGE#${SETTLED_AT}#job_new#000002`,
    ]);
    // HISTORY_RETENTION_DAYS defaults to 90.
    expect(written[0]?.PutRequest?.Item?.expires_at).toBe(Date.parse(SETTLED_AT) / 1000 + 90 * 86_400);
  });

  it('gives a URL scrape, which sees part of the website, a history but no changes', async () => {
    // Prepare
    catalogs({ job_new: [product('https://shop.example/1', '9.00')] });
    // Act
    const changes = await recordScrapeHistory(job(undefined), unmatched);
    // Assess
    expect(changes).toEqual([]);
    expect(historyPuts().length).toBe(1);
  });
});
