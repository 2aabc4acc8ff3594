import { DescribeExecutionCommand, ExecutionDoesNotExist, SFNClient } from '@aws-sdk/client-sfn';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newJobRecord, type StoredJob } from '#core/job-record';
import type { JobStatus } from '#core/lanes';
import {
  between,
  holdIndexingKey,
  holdKey,
  jobKey,
  jobWithProgress,
  openHoldIndex,
  openJobKey,
} from '#store/keys';
import { recordEvents } from '#test/event-recorder';
import { handler } from './sweep-idle-jobs.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
const dynamo = mockClient(DynamoDBDocumentClient);
const sfn = mockClient(SFNClient);
const events = recordEvents();

const HOUR = 3_600_000;
const arnOf = (jobId: string) => `arn:aws:states:eu-central-1:123456789012:execution:pds-dev-scrape:${jobId}`;

/** A URL scrape as the table keeps it, in `status`, last touched `idleMs` ago, run by its execution. */
const scrapeItem = (jobId: string, status: JobStatus, idleMs: number) => {
  const touched = new Date(Date.now() - idleMs).toISOString();
  const job: StoredJob = {
    ...newJobRecord({
      job_id: jobId,
      job_type: 'URL_SCRAPE',
      status,
      project_id: 'prj_1',
      website_id: 'web_1',
      estimate: { currency: 'EUR', cap: '1.25', total: '1.00' } as never,
      customer_id: 'cus_1',
      locks: [],
      now: touched,
    }),
    execution_arn: arnOf(jobId),
  };
  return { ...jobKey(jobId), type: 'Job', ...job, open_keys: [openJobKey(jobId)] };
};

const openHoldItem = (jobId: string) => ({
  ...holdKey('cus_1', jobId),
  type: 'Hold',
  status: 'OPEN',
  amount: 125,
  job_id: jobId,
  month: '2026-11',
  created_at: new Date(Date.now() - 2 * HOUR).toISOString(),
});

/** The table's open jobs are `items`; every other partition the sweep reads is empty. */
function tableHolds(items: Record<string, unknown>[]) {
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo
    .on(QueryCommand, { ExpressionAttributeValues: { ':pk': openJobKey('').PK } })
    .resolves({ Items: items.map((item) => ({ ...openJobKey(String(item.job_id)), job_id: item.job_id })) });
  dynamo.on(BatchGetCommand).resolves({ Responses: { 'unit-table': items } });
  dynamo.on(GetCommand).resolves({});
  // The holds from before the index were indexed by an earlier sweep.
  dynamo.on(GetCommand, { Key: holdIndexingKey }).resolves({ Item: { ...holdIndexingKey, done: true } });
}

const transactions = () =>
  dynamo.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);

beforeEach(() => {
  sfn.on(DescribeExecutionCommand).resolves({ status: 'RUNNING' });
});
afterEach(() => {
  dynamo.reset();
  sfn.reset();
  events.length = 0;
});

describe('the sweeper on stranded runs', () => {
  it('ends FAILED a running job whose execution ended, releases its hold once, and leaves a live one', async () => {
    // Prepare: the execution failed after its retries, and so did its own failure path.
    tableHolds([scrapeItem('job_dead', 'RUNNING', 2 * HOUR), scrapeItem('job_live', 'RUNNING', 2 * HOUR)]);
    sfn.on(DescribeExecutionCommand, { executionArn: arnOf('job_dead') }).resolves({ status: 'FAILED' });
    dynamo.on(GetCommand, { Key: holdKey('cus_1', 'job_dead') }).resolves({ Item: openHoldItem('job_dead') });
    dynamo.on(TransactWriteCommand).resolves({});

    // Act
    const swept = await handler();

    // Assess
    expect(swept.runs_ended).toEqual(['job_dead']);
    const [move, release, ...others] = transactions();
    expect(others).toEqual([]);
    expect(move?.[0]?.Update).toMatchObject({
      Key: jobKey('job_dead'),
      ConditionExpression: '#status = :from AND #updated <= :read',
    });
    expect(Object.values(move?.[0]?.Update?.ExpressionAttributeValues ?? {})).toEqual(
      expect.arrayContaining(['FAILED', expect.stringContaining('could not carry it on')]),
    );
    expect(move?.[1]?.Delete?.Key).toEqual(openJobKey('job_dead'));
    expect(release?.[0]?.Update).toMatchObject({
      Key: holdKey('cus_1', 'job_dead'),
      ConditionExpression: '#status = :open',
    });
    expect(release?.[2]?.Put?.Item).toMatchObject({ kind: 'RELEASE', amount: 125, job_id: 'job_dead' });
    expect(events).toEqual([{ projectId: 'prj_1', type: 'job.failed', jobId: 'job_dead' }]);
    expect(dynamo.commandCalls(UpdateCommand)).toEqual([]);
  });

  it('asks nothing of a job touched within the wait', async () => {
    // Prepare
    tableHolds([scrapeItem('job_recent', 'SETTLING', HOUR / 2)]);
    // Act
    const swept = await handler();
    // Assess
    expect(swept.runs_ended).toEqual([]);
    expect(sfn.commandCalls(DescribeExecutionCommand)).toEqual([]);
    expect(transactions()).toEqual([]);
  });

  it('ends a job whose execution Step Functions no longer knows, once it has been quiet for the wait', async () => {
    // Prepare
    tableHolds([scrapeItem('job_gone', 'EXPORTING', 2 * HOUR)]);
    sfn
      .on(DescribeExecutionCommand)
      .rejects(new ExecutionDoesNotExist({ message: 'Execution does not exist', $metadata: {} }));
    dynamo.on(TransactWriteCommand).resolves({});
    // Act
    const swept = await handler();
    // Assess
    expect(swept.runs_ended).toEqual(['job_gone']);
  });

  it('releases nothing when another sweep or a late write moved the job first', async () => {
    // Prepare: the move's condition fails, and the job reads FAILED already.
    tableHolds([scrapeItem('job_dead', 'RUNNING', 2 * HOUR)]);
    sfn.on(DescribeExecutionCommand).resolves({ status: 'TIMED_OUT' });
    dynamo.on(TransactWriteCommand).rejects(
      Object.assign(new Error('Transaction cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    dynamo
      .on(QueryCommand, between(jobWithProgress('job_dead')))
      .resolves({ Items: [{ ...scrapeItem('job_dead', 'FAILED', 0), open_keys: [] }] });
    dynamo.on(GetCommand, { Key: holdKey('cus_1', 'job_dead') }).resolves({ Item: openHoldItem('job_dead') });
    // Act
    const swept = await handler();
    // Assess: the one transaction tried was the move; no release followed it.
    expect(swept.runs_ended).toEqual([]);
    expect(transactions()).toHaveLength(1);
    expect(events).toEqual([]);
  });

  it('leaves a job for the next sweep when Step Functions cannot answer', async () => {
    tableHolds([scrapeItem('job_dead', 'RUNNING', 2 * HOUR)]);
    sfn.on(DescribeExecutionCommand).rejects(new Error('ThrottlingException'));
    const swept = await handler();
    expect(swept.runs_ended).toEqual([]);
    expect(transactions()).toEqual([]);
  });
});

describe('the sweeper on holds no job will close', () => {
  const indexedHolds = (...holds: Record<string, unknown>[]) =>
    dynamo
      .on(QueryCommand, { IndexName: 'GSI1', ExpressionAttributeValues: { ':pk': 'OPEN_HOLDS' } })
      .resolves({
        Items: holds.map((hold) => ({ ...hold, customer_id: 'cus_1', hold_id: hold.job_id })),
      });
  const releasedHolds = () =>
    transactions()
      .filter((items) => items[0]?.Update?.UpdateExpression?.startsWith('SET #status = :released'))
      .map((items) => items[0]?.Update?.Key);

  it('gives back the hold an older two-step approval left on a job still awaiting approval, only while it waits', async () => {
    // Prepare: the hold is from before holds were indexed, and the pass indexing them has not read
    // the whole table yet (this sweep's time is up before a page); the job that waits is how it is found.
    tableHolds([scrapeItem('job_waiting', 'AWAITING_APPROVAL', HOUR)]);
    dynamo
      .on(GetCommand, { Key: holdIndexingKey })
      .resolves({ Item: { ...holdIndexingKey, done: false, next: holdKey('cus_1', 'job_a') } });
    dynamo
      .on(GetCommand, { Key: holdKey('cus_1', 'job_waiting') })
      .resolves({ Item: openHoldItem('job_waiting') });
    dynamo.on(TransactWriteCommand).resolves({});
    // Act
    const swept = await handler({}, { getRemainingTimeInMillis: () => 60_000 });
    // Assess
    expect(swept.holds_closed).toEqual(['job_waiting']);
    const [release, ...others] = transactions();
    expect(others).toEqual([]);
    expect(release?.[0]?.Update?.UpdateExpression).toContain('REMOVE GSI1PK, GSI1SK');
    expect(release?.at(-1)?.ConditionCheck).toMatchObject({
      Key: jobKey('job_waiting'),
      ExpressionAttributeValues: { ':status': 'AWAITING_APPROVAL' },
    });
  });

  it('tries no release per waiting job once every hold is in the index', async () => {
    // Prepare: the indexing pass has read the whole table; no indexed hold is open.
    tableHolds([scrapeItem('job_waiting', 'AWAITING_APPROVAL', HOUR)]);
    // Act
    const swept = await handler();
    // Assess
    expect(swept.holds_closed).toEqual([]);
    expect(dynamo.commandCalls(GetCommand, { Key: holdKey('cus_1', 'job_waiting') })).toEqual([]);
    expect(transactions()).toEqual([]);
  });

  it('closes an indexed hold whose job ended or is gone, and keeps the hold of a running job', async () => {
    // Prepare: job_failed ended without its follow-up (a stop between the move and the release).
    tableHolds([]);
    indexedHolds(openHoldItem('job_failed'), openHoldItem('job_gone'), openHoldItem('job_running'));
    for (const jobId of ['job_failed', 'job_gone', 'job_running'])
      dynamo.on(GetCommand, { Key: holdKey('cus_1', jobId) }).resolves({ Item: openHoldItem(jobId) });
    dynamo
      .on(QueryCommand, between(jobWithProgress('job_failed')))
      .resolves({ Items: [scrapeItem('job_failed', 'FAILED', HOUR)] });
    dynamo
      .on(QueryCommand, between(jobWithProgress('job_running')))
      .resolves({ Items: [scrapeItem('job_running', 'RUNNING', 0)] });
    dynamo.on(TransactWriteCommand).resolves({});
    // Act
    const swept = await handler();
    // Assess
    expect(swept.holds_closed).toEqual(['job_failed', 'job_gone']);
    expect(releasedHolds()).toEqual([holdKey('cus_1', 'job_failed'), holdKey('cus_1', 'job_gone')]);
    // A hold whose job is gone has no job to check.
    expect(transactions()[1]?.some((item) => item.ConditionCheck)).toBe(false);
  });

  it('charges the hold of a job that ended settled, as its own ending would have', async () => {
    // Prepare
    tableHolds([]);
    indexedHolds(openHoldItem('job_done'));
    dynamo.on(GetCommand, { Key: holdKey('cus_1', 'job_done') }).resolves({ Item: openHoldItem('job_done') });
    dynamo.on(QueryCommand, between(jobWithProgress('job_done'))).resolves({
      Items: [
        {
          ...scrapeItem('job_done', 'COMPLETED', HOUR),
          settlement: { amount: '1.00', quantity: 3, capped: false, settled_at: '2026-11-28T00:00:00.000Z' },
        },
      ],
    });
    dynamo.on(TransactWriteCommand).resolves({});
    // Act
    const swept = await handler();
    // Assess
    expect(swept.holds_closed).toEqual(['job_done']);
    const [charge] = transactions();
    expect(charge?.[0]?.Update?.UpdateExpression).toContain('SET #status = :settled');
    expect(charge?.some((item) => item.Put?.Item?.kind === 'CHARGE' && item.Put.Item.amount === 100)).toBe(
      true,
    );
  });

  it('indexes the open holds from before the index, page by page, and then reads the table no more', async () => {
    // Prepare: the first page holds an older open hold; the table ends after the second.
    tableHolds([]);
    dynamo.on(GetCommand, { Key: holdIndexingKey }).resolves({});
    dynamo
      .on(ScanCommand)
      .resolvesOnce({ Items: [holdKey('cus_1', 'job_old')], LastEvaluatedKey: holdKey('cus_1', 'job_old') })
      .resolvesOnce({ Items: [] });
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    // Act
    await handler();
    // Assess
    const [update] = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(update).toMatchObject({
      Key: holdKey('cus_1', 'job_old'),
      ConditionExpression: '#status = :open',
      ExpressionAttributeValues: expect.objectContaining({
        ':pk': openHoldIndex('cus_1', 'job_old').GSI1PK,
        ':sk': openHoldIndex('cus_1', 'job_old').GSI1SK,
        ':customer': 'cus_1',
        ':hold': 'job_old',
      }),
    });
    expect(dynamo.commandCalls(ScanCommand)[1]?.args[0].input.ExclusiveStartKey).toEqual(
      holdKey('cus_1', 'job_old'),
    );
    const progress = dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item);
    expect(progress).toEqual([
      expect.objectContaining({ done: false, next: holdKey('cus_1', 'job_old') }),
      expect.objectContaining({ done: true }),
    ]);
  });

  it('goes on from where the last sweep stopped, and starts no page past its deadline', async () => {
    // Prepare
    tableHolds([]);
    dynamo
      .on(GetCommand, { Key: holdIndexingKey })
      .resolves({ Item: { ...holdIndexingKey, done: false, next: holdKey('cus_1', 'job_b') } });
    dynamo.on(ScanCommand).resolves({ Items: [] });
    dynamo.on(PutCommand).resolves({});
    // Act: a sweep whose time is up (its last minute is kept for safety) reads no page.
    await handler({}, { getRemainingTimeInMillis: () => 60_000 });
    const late = dynamo.commandCalls(ScanCommand).length;
    await handler();
    // Assess
    expect(late).toBe(0);
    expect(dynamo.commandCalls(ScanCommand)[0]?.args[0].input.ExclusiveStartKey).toEqual(
      holdKey('cus_1', 'job_b'),
    );
    expect(dynamo.commandCalls(PutCommand).at(-1)?.args[0].input.Item).toMatchObject({ done: true });
  });
});

describe('a sweep', () => {
  it('reads the unfinished jobs once and hands them to every step', async () => {
    // Prepare: a job for each step that reads them: idle, approved without a run, running, waiting.
    tableHolds([
      scrapeItem('job_waiting', 'AWAITING_APPROVAL', HOUR),
      scrapeItem('job_approved', 'APPROVED', 2 * HOUR),
      scrapeItem('job_running', 'RUNNING', 2 * HOUR),
    ]);
    // Act
    await handler();
    // Assess
    const openJobReads = dynamo
      .commandCalls(QueryCommand)
      .filter((call) => call.args[0].input.ExpressionAttributeValues?.[':pk'] === openJobKey('').PK);
    expect(openJobReads).toHaveLength(1);
  });
});
