import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newJobRecord } from '#core/job-record';
import { pragueMonthOf } from '#core/prague-month';
import { isProblem } from '#core/problem';
import { useLaneExecutions } from '#platform/lane-services';
import { approveScrapeJob } from '#scraping/approve-scrape-job';
import {
  balanceKey,
  between,
  customerKey,
  customerMonthKey,
  holdKey,
  jobKey,
  jobWithProgress,
} from '#store/keys';
import type { ScrapeJob } from './scrape-job.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
const dynamo = mockClient(DynamoDBDocumentClient);

const started: string[] = [];
useLaneExecutions({
  start: async (lane, name) => {
    started.push(`${lane}:${name}`);
    return `arn:execution:${name}`;
  },
  stop: async () => undefined,
  state: async () => 'RUNNING',
});

const job: ScrapeJob = {
  ...newJobRecord({
    job_id: 'job_1',
    job_type: 'URL_SCRAPE',
    status: 'AWAITING_APPROVAL',
    project_id: 'prj_1',
    website_id: 'web_1',
    estimate: {
      currency: 'EUR',
      unit_price_per_1000: '2.00',
      quantity: 3,
      total: '1.00',
      cap: '1.25',
      min_charge: '1.00',
      difficulty: 'EASY',
      input_products: 3,
    },
    customer_id: 'cus_1',
    locks: [],
    now: '2026-11-28T00:00:00.000Z',
  }),
  variant: 'URLS_ONLY',
  url_count: 3,
  urls: ['https://shop.example/1', 'https://shop.example/2', 'https://shop.example/3'],
  url_results: null,
  scrape_run: null,
  source_catalog: null,
  batch_count: null,
};

const customer = {
  customer_id: 'cus_1',
  name: 'Acme',
  managed: false,
  max_projects: 10,
  free_analyses_per_month: 3,
  monthly_spend_limit: 100_000,
  topup_min: 1_000,
  topup_max: 100_000,
  created_at: '2026-11-01T00:00:00.000Z',
};

/** A transaction DynamoDB cancelled, with one reason per item as it reports them. */
const cancelled = (reasons: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: reasons.map((Code) => ({ Code })),
  });

/** The job as the table keeps it. */
const jobItem = (changes: Partial<ScrapeJob> = {}) => ({
  ...jobKey('job_1'),
  type: 'Job',
  ...job,
  ...changes,
});

const transactions = () =>
  dynamo.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);
const singleWrites = () => [...dynamo.commandCalls(PutCommand), ...dynamo.commandCalls(UpdateCommand)];

beforeEach(() => {
  dynamo.on(GetCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo
    .on(GetCommand, { Key: customerKey('cus_1') })
    .resolves({ Item: { ...customerKey('cus_1'), ...customer } });
});
afterEach(() => {
  dynamo.reset();
  started.length = 0;
});

describe('approving a priced job', () => {
  it('holds the cap and moves the job to APPROVED in one transaction, then starts its lane', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(UpdateCommand).resolves({});
    // Act
    const approved = await approveScrapeJob(job, 'usr_1');
    // Assess
    expect(approved.status).toBe('APPROVED');
    const [items, ...others] = transactions();
    expect(others).toEqual([]);
    expect(items?.[0]?.Update).toMatchObject({
      Key: jobKey('job_1'),
      ConditionExpression: '#status = :from',
      ExpressionAttributeValues: expect.objectContaining({ ':from': 'AWAITING_APPROVAL' }),
    });
    expect(Object.values(items?.[0]?.Update?.ExpressionAttributeValues ?? {})).toContain('APPROVED');
    expect(items?.[1]?.Put?.Item).toMatchObject({
      ...holdKey('cus_1', 'job_1'),
      status: 'OPEN',
      amount: 125,
    });
    expect(items?.[2]?.Update).toMatchObject({
      Key: balanceKey('cus_1'),
      ConditionExpression: 'spendable >= :amount',
    });
    expect(items?.[3]?.Put?.Item).toMatchObject({ kind: 'HOLD', amount: 125, job_id: 'job_1' });
    expect(items?.[4]?.Update?.Key).toEqual(customerMonthKey('cus_1', pragueMonthOf(new Date())));
    // The only write outside the transaction is the lane's execution recorded after it.
    expect(dynamo.commandCalls(PutCommand)).toEqual([]);
    expect(dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input.Key)).toEqual([
      jobKey('job_1'),
    ]);
    expect(started).toEqual(['scrape:job_1']);
  });

  it('leaves no hold without its approval when the service stops at the write', async () => {
    // Prepare: the process dies while its one write is in flight, so it never learns the outcome.
    dynamo.on(TransactWriteCommand).rejects(new Error('socket hang up'));
    // Act
    const approval = approveScrapeJob(job, 'usr_1');
    // Assess: the hold and the move were one write, committed together or not at all; nothing before it.
    await expect(approval).rejects.toThrow('socket hang up');
    expect(transactions()).toHaveLength(1);
    expect(singleWrites()).toEqual([]);
    expect(started).toEqual([]);
  });

  it('is 402 with the job still waiting and nothing held when the credit is short', async () => {
    // Prepare
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled(['None', 'None', 'ConditionalCheckFailed', 'None', 'None']));
    dynamo.on(QueryCommand, between(jobWithProgress('job_1'))).resolves({ Items: [jobItem()] });
    dynamo
      .on(GetCommand, { Key: balanceKey('cus_1') })
      .resolves({ Item: { balance: 100, held: 0, spendable: 100 } });
    // Act
    const refusal = await approveScrapeJob(job, 'usr_1').catch((error: unknown) => error);
    // Assess
    expect(isProblem(refusal, 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(transactions()).toHaveLength(1);
    expect(singleWrites()).toEqual([]);
    expect(started).toEqual([]);
  });

  it('is 403 MONTHLY_SPEND_LIMIT when the month’s charges and holds leave too little room', async () => {
    // Prepare
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled(['None', 'None', 'None', 'None', 'ConditionalCheckFailed']));
    dynamo.on(QueryCommand, between(jobWithProgress('job_1'))).resolves({ Items: [jobItem()] });
    dynamo
      .on(GetCommand, { Key: customerMonthKey('cus_1', pragueMonthOf(new Date())) })
      .resolves({ Item: { committed: 99_900 } });
    // Act
    const refusal = await approveScrapeJob(job, 'usr_1').catch((error: unknown) => error);
    // Assess
    expect(isProblem(refusal, 'MONTHLY_SPEND_LIMIT')).toBe(true);
    expect(started).toEqual([]);
  });

  it('is 409 and releases nothing when a racing approval or cancel moved the job first', async () => {
    // Prepare
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled(['ConditionalCheckFailed', 'None', 'None', 'None', 'None']));
    dynamo
      .on(QueryCommand, between(jobWithProgress('job_1')))
      .resolves({ Items: [jobItem({ status: 'CANCELLED' })] });
    // Act
    const refusal = await approveScrapeJob(job, 'usr_1').catch((error: unknown) => error);
    // Assess: the hold was never placed, so there is none to give back.
    expect(isProblem(refusal, 'JOB_NOT_AWAITING_APPROVAL')).toBe(true);
    expect(transactions()).toHaveLength(1);
    expect(singleWrites()).toEqual([]);
  });

  it('gives back a hold an older two-step approval left open, then holds anew with the move', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(UpdateCommand).resolves({});
    dynamo
      .on(GetCommand, { Key: holdKey('cus_1', 'job_1') })
      .resolves({ Item: { ...holdKey('cus_1', 'job_1'), status: 'OPEN', amount: 100, job_id: 'job_1' } });
    // Act
    const approved = await approveScrapeJob(job, 'usr_1');
    // Assess: the leftover is released only while the job still waits; the approval places its own.
    expect(approved.status).toBe('APPROVED');
    const [release, approval, ...others] = transactions();
    expect(others).toEqual([]);
    expect(release?.[0]?.Update).toMatchObject({
      Key: holdKey('cus_1', 'job_1'),
      ConditionExpression: '#status = :open',
    });
    expect(release?.[2]?.Put?.Item).toMatchObject({ kind: 'RELEASE', amount: 100, job_id: 'job_1' });
    expect(release?.at(-1)?.ConditionCheck).toMatchObject({
      Key: jobKey('job_1'),
      ConditionExpression: '#status = :status',
      ExpressionAttributeValues: { ':status': 'AWAITING_APPROVAL' },
    });
    expect(approval?.[1]?.Put).toMatchObject({
      Item: { ...holdKey('cus_1', 'job_1'), status: 'OPEN', amount: 125 },
      ConditionExpression: 'attribute_not_exists(PK) OR #status = :released',
    });
    expect(started).toEqual(['scrape:job_1']);
  });
});
