import { setTimeout as sleep } from 'node:timers/promises';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  JOB_LIST,
  type Job,
  type JobInternals,
  type JobList,
  type JobLock,
  NULLABLE_JOB_FIELDS,
  type StoredJob,
} from '#core/job-record';
import { canTransition, isFinal, type JobStatus } from '#core/lanes';
import {
  conditionHeld,
  failedConditionItems,
  isConditionFailure,
  isTransactionConflict,
} from '#store/condition-failure';
import type { TransactItem } from '#store/dynamo';
import { jointWrite, transactItemsOf } from '#store/dynamo-joint-write';
import { type JointWrite, JointWriteRefused } from '#store/joint-write';
import {
  beginsWith,
  between,
  inIndex,
  jobKey,
  jobLockKey,
  jobWithProgress,
  openJobKey,
  projectJobsIndex,
  projectJobsPartition,
  scrapeBatchKey,
  scrapeProgressKey,
  websiteJobKey,
  websiteJobsPrefix,
} from '#store/keys';
import { queryAll } from '#store/query-all';
import { queryPage } from '#store/query-page';
import { dynamo, tableName } from '#store/table-services';
import type { BatchPages, JobPage, JobStore, ListJobsOptions, MoveChanges } from './job-store.ts';
import type { ScrapeRunProgress } from './scrape-progress.ts';

function toJob<Extra extends object>(item: Record<string, unknown>): StoredJob<Extra> {
  const { PK: _pk, SK: _sk, GSI1PK: _gpk, GSI1SK: _gsk, type: _type, ...fields } = item;
  const job = fields as Record<string, unknown>;
  for (const name of NULLABLE_JOB_FIELDS) job[name] ??= null;
  job.locks ??= [];
  return job as StoredJob<Extra>;
}

/** A running scrape part's pages: one attribute of its plan's progress item, named after its batch. */
const PART = 'part_';

/** The plan of a scrape job's batches, once planned: its progress item is beside the job. */
function planOf(job: object): string | undefined {
  return (job as { scrape_run?: { plan?: string } }).scrape_run?.plan;
}

/**
 * The job as its readers know it: the running parts' pages of its plan's progress item in
 * `scrape_run.running_pages` (beside any a job planned before kept in its own item), and
 * `updated_at` the later of the two items' (a page read is the job advancing).
 */
function withProgress<Extra extends object>(
  job: StoredJob<Extra>,
  progress: Record<string, unknown> | undefined,
): StoredJob<Extra> {
  if (!progress) return job;
  const run = (job as unknown as { scrape_run: ScrapeRunProgress }).scrape_run;
  const running = { ...run.running_pages };
  for (const [name, value] of Object.entries(progress)) {
    if (name.startsWith(PART) && typeof value === 'number') running[name.slice(PART.length)] = value;
  }
  const touched = typeof progress.updated_at === 'string' ? progress.updated_at : '';
  return {
    ...job,
    scrape_run: { ...run, running_pages: running },
    updated_at: touched > job.updated_at ? touched : job.updated_at,
  };
}

/**
 * How a read of many jobs reads them: a list answers from an index, itself eventually consistent, so
 * its jobs' items are read that way too, at half the units (a batch get bills each item apart, one
 * unit per 4 KB started when strongly consistent); the open jobs, which the sweeper and restart
 * recovery act on, are read strongly consistent.
 */
type Consistency = { consistent: boolean };

async function batchGetItems(
  keys: Record<string, unknown>[],
  { consistent }: Consistency,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
    // BatchGet may leave keys unprocessed under load; ask again for those.
    while (pending && pending.length > 0) {
      const { Responses, UnprocessedKeys }: BatchGetCommandOutput = await dynamo().send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: consistent } },
        }),
      );
      items.push(...(Responses?.[tableName()] ?? []));
      pending = UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return items;
}

/**
 * Reads the progress items of the planned scrape jobs among `jobs` into them, in one batch get: the
 * jobs came from an index or a batch get, which cannot reach another partition's items.
 */
async function withProgressOf<Extra extends object>(
  jobs: StoredJob<Extra>[],
  consistency: Consistency,
): Promise<StoredJob<Extra>[]> {
  const keyOf = (job: object) => {
    const plan = planOf(job);
    return plan === undefined ? undefined : scrapeProgressKey((job as Job).job_id, plan);
  };
  const keys = jobs.flatMap((job) => keyOf(job) ?? []);
  if (keys.length === 0) return jobs;
  const items = new Map(
    (await batchGetItems(keys, consistency)).map((item) => [`${String(item.PK)}|${String(item.SK)}`, item]),
  );
  return jobs.map((job) => {
    const key = keyOf(job);
    return key ? withProgress(job, items.get(`${key.PK}|${key.SK}`)) : job;
  });
}
type TableKey = { PK: string; SK: string };

/**
 * The items a job holds while unfinished, kept on its item as `open_keys` (the adapter's own
 * attribute, which the job record does not name) so that ending it deletes exactly what its create
 * put, whichever version of the code made them; a job not read from the table holds what its locks
 * make.
 */
function heldKeys(job: StoredJob): TableKey[] {
  const kept = (job as StoredJob & { open_keys?: TableKey[] }).open_keys;
  return kept ?? (isFinal(job.status) ? [] : [openJobKey(job.job_id), ...job.locks.map(jobLockKey)]);
}

/**
 * Writes a new job with its open-job marker and its locks' items (each put only where no item is), and
 * `also` in the same transaction, and returns it as stored. A failed condition (a lock another job
 * holds, a quota) rejects the whole write.
 */
async function putNewJob<Extra extends object>(
  job: StoredJob<Extra>,
  also: JointWrite[] = [],
): Promise<StoredJob<Extra>> {
  const openKeys = isFinal(job.status) ? [] : [openJobKey(job.job_id), ...job.locks.map(jobLockKey)];
  const stored = { ...job, open_keys: openKeys };
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...jobKey(job.job_id),
              ...projectJobsIndex(job.project_id, JOB_LIST[job.job_type], job.job_id),
              type: 'Job',
              ...stored,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        ...openKeys.map(
          (key): TransactItem => ({
            Put: {
              TableName: tableName(),
              Item: { ...key, type: 'JobLock', job_id: job.job_id, created_at: job.created_at },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          }),
        ),
        ...(job.website_id ? [websiteLink(job)] : []),
        ...transactItemsOf(also),
      ],
    }),
  );
  return stored;
}

function websiteLink(job: Job): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...websiteJobKey(job.website_id as string, JOB_LIST[job.job_type], job.job_id),
        type: 'WebsiteJob',
        job_id: job.job_id,
      },
    },
  };
}

/**
 * A job with its plan's progress, in one query of its partition: the job item and its plans'
 * progress items together, one read unit while they fit in 4 KB.
 */
async function getJob<Extra extends object = object>(jobId: string): Promise<StoredJob<Extra> | null> {
  const items = await queryAll({ ...between(jobWithProgress(jobId)), ConsistentRead: true });
  const item = items.find((found) => found.SK === jobKey(jobId).SK);
  if (item?.type !== 'Job') return null;
  const job = toJob<Extra>(item);
  const plan = planOf(job);
  if (plan === undefined) return job;
  const progress = scrapeProgressKey(jobId, plan).SK;
  return withProgress(
    job,
    items.find((found) => found.SK === progress),
  );
}

/** The job holding a uniqueness lock, if it is still unfinished. */
async function jobHolding<Extra extends object = object>(lock: JobLock): Promise<StoredJob<Extra> | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: jobLockKey(lock), ConsistentRead: true }),
  );
  if (!Item) return null;
  const job = await getJob<Extra>(String(Item.job_id));
  return job && !isFinal(job.status) ? job : null;
}

/**
 * Moves a job from the status it was read in to `to`, only if the lane table has that move and the
 * job is still in that status: two racing moves (a cancel and the task finishing) never both win.
 * Ending the job drops its open keys in the same write. Returns the moved job, or null when the
 * job had already moved on (or, with `unchangedSinceRead`, had been touched).
 */
async function moveJob<Extra extends object>(
  job: StoredJob<Extra>,
  to: JobStatus,
  changes: MoveChanges<Extra> = {},
): Promise<StoredJob<Extra> | null> {
  if (!canTransition(job.job_type, job.status, to)) {
    throw new Error(`The ${job.job_type} lane has no move from ${job.status} to ${to}`);
  }
  const now = new Date().toISOString();
  const ending = isFinal(to);
  const set: Record<string, unknown> = {
    ...changes.set,
    status: to,
    updated_at: now,
    ...(ending ? { finished_at: now, locks: [], open_keys: [] } : {}),
  };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':from': job.status };
  if (changes.unchangedSinceRead) values[':read'] = job.updated_at;
  const assignments = Object.entries(set).map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  names['#status'] = 'status';
  const moved = { ...job, ...set } as StoredJob<Extra>;
  const addsWebsite = !job.website_id && typeof set.website_id === 'string';
  const plan = planOf(job);
  const joint = transactItemsOf(changes.also ?? []);
  const also = [
    ...(ending
      ? heldKeys(job).map((key): TransactItem => ({ Delete: { TableName: tableName(), Key: key } }))
      : []),
    ...(addsWebsite ? [websiteLink(moved)] : []),
    ...(plan === undefined
      ? []
      : progressOnMove(job.job_id, plan, ending, changes.unchangedSinceRead ? job.updated_at : undefined)),
    ...joint,
  ];
  const update = {
    TableName: tableName(),
    Key: jobKey(job.job_id),
    UpdateExpression: `SET ${assignments.join(', ')}`,
    // The job read may carry its progress item's later `updated_at`; that item checks its own.
    ConditionExpression: `#status = :from${changes.unchangedSinceRead ? ' AND #updated <= :read' : ''}`,
    ExpressionAttributeNames: changes.unchangedSinceRead ? { ...names, '#updated': 'updated_at' } : names,
    ExpressionAttributeValues: values,
  };
  try {
    if (also.length === 0) await dynamo().send(new UpdateCommand(update));
    else await sendTransaction([{ Update: update }, ...also]);
  } catch (error) {
    if (isConditionFailure(error) && (await changedSinceRead(job, changes.unchangedSinceRead === true))) {
      return null;
    }
    // The joint writes are the transaction's last items (after the job's own update and its items).
    const firstJoint = 1 + also.length - joint.length;
    if (joint.length > 0 && failedConditionItems(error).some((position) => position >= firstJoint))
      throw new JointWriteRefused(changes.also ?? [], { cause: error });
    throw error;
  }
  return moved;
}

/**
 * What a move of a planned scrape job does to its progress item: an ending marks it ended, so a
 * part's progress write afterwards fails as a write to a job that moved on did; a move made only if
 * the job is untouched since `read` also requires no page was read since.
 */
function progressOnMove(
  jobId: string,
  plan: string,
  ending: boolean,
  read: string | undefined,
): TransactItem[] {
  const key = scrapeProgressKey(jobId, plan);
  const untouched = {
    ConditionExpression: 'attribute_not_exists(#updated) OR #updated <= :read',
    ExpressionAttributeNames: { '#updated': 'updated_at' },
    ExpressionAttributeValues: { ':read': read },
  };
  if (!ending)
    return read === undefined ? [] : [{ ConditionCheck: { TableName: tableName(), Key: key, ...untouched } }];
  const ended = {
    UpdateExpression: 'SET ended_at = :now, #type = :type, job_id = :job, expires_at = :expires',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: {
      ':now': new Date().toISOString(),
      ':type': 'ScrapeProgress',
      ':job': jobId,
      ':expires': progressExpiry(),
    },
  };
  return [
    {
      Update: {
        TableName: tableName(),
        Key: key,
        ...ended,
        ...(read === undefined
          ? {}
          : {
              ConditionExpression: untouched.ConditionExpression,
              ExpressionAttributeNames: {
                ...ended.ExpressionAttributeNames,
                ...untouched.ExpressionAttributeNames,
              },
              ExpressionAttributeValues: {
                ...ended.ExpressionAttributeValues,
                ...untouched.ExpressionAttributeValues,
              },
            }),
      },
    },
  ];
}

/**
 * Transactions that lost to another one on the same items wrote nothing; they are tried again after
 * a short random pause, as the ledger's are: an approval's move carries its hold, so it meets the
 * customer's other holds and charges on the balance item.
 */
const TRANSACTION_ATTEMPTS = 8;

async function sendTransaction(items: TransactItem[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= TRANSACTION_ATTEMPTS) throw error;
      await sleep(Math.random() * 10 * 2 ** attempt);
    }
  }
}

/** Whether the job's own condition failed (rather than one of the other writes of the move). */
async function changedSinceRead(job: Job, touched: boolean): Promise<boolean> {
  const current = await getJob(job.job_id);
  return (
    current === null || current.status !== job.status || (touched && current.updated_at !== job.updated_at)
  );
}

/**
 * Sets fields of a job that is still in `status` (live progress, the execution's ARN), touching
 * `updated_at` so an advancing job is never idle. Returns false when the job has moved on, which
 * tells the work writing it to stop.
 */
async function updateJobIn<Extra extends object>(
  jobId: string,
  status: JobStatus,
  set: Partial<Job & JobInternals & Extra>,
): Promise<boolean> {
  const entries = Object.entries({ ...set, updated_at: new Date().toISOString() });
  return conditionHeld(
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(jobId),
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: '#status = :status',
        ExpressionAttributeNames: {
          '#status': 'status',
          ...Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
        },
        ExpressionAttributeValues: {
          ':status': status,
          ...Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
        },
      }),
    ),
  );
}

/**
 * Sets one nested value of a job still in `status` (`path` names the attributes down to it, every one
 * but the last existing), touching `updated_at`: parallel workers of one job (the batches of a scrape)
 * each write their own entry without overwriting the others'. False when the job has moved on.
 */
async function setJobPathIn(
  jobId: string,
  status: JobStatus,
  path: readonly string[],
  value: unknown,
): Promise<boolean> {
  return conditionHeld(
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(jobId),
        UpdateExpression: `SET ${path.map((_, i) => `#p${i}`).join('.')} = :value, #updated = :now`,
        ConditionExpression: '#status = :status',
        ExpressionAttributeNames: {
          '#status': 'status',
          '#updated': 'updated_at',
          ...Object.fromEntries(path.map((name, i) => [`#p${i}`, name])),
        },
        ExpressionAttributeValues: { ':status': status, ':value': value, ':now': new Date().toISOString() },
      }),
    ),
  );
}

/**
 * A batch's count item and a plan's progress item are needed only while their job runs (and shows
 * its last progress); the table's TTL removes them this long after their last write.
 */
const BATCH_COUNT_SECONDS = 30 * 86_400;

function progressExpiry(): number {
  return Math.floor(Date.now() / 1000) + BATCH_COUNT_SECONDS;
}

/**
 * A running scrape batch part's pages, in its plan's progress item (not the job item, whose size
 * would set the write's cost), touching the item's `updated_at`. False once the job has ended.
 */
async function setRunningPages(jobId: string, plan: string, batch: number, pages: number): Promise<boolean> {
  return conditionHeld(
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: scrapeProgressKey(jobId, plan),
        UpdateExpression:
          'SET #part = :pages, #updated = :now, #type = :type, job_id = :job, expires_at = :expires',
        ConditionExpression: 'attribute_not_exists(ended_at)',
        ExpressionAttributeNames: { '#part': `${PART}${batch}`, '#updated': 'updated_at', '#type': 'type' },
        ExpressionAttributeValues: {
          ':pages': pages,
          ':now': new Date().toISOString(),
          ':type': 'ScrapeProgress',
          ':job': jobId,
          ':expires': progressExpiry(),
        },
      }),
    ),
  );
}

/**
 * An ended scrape batch part: the batch's count of pages in its own item, the difference from its
 * count before added to the job's total and the part's running entry removed, in one transaction
 * (see `JobStore.countBatchPages`). When the batch's count was not what its writer assumed (a
 * retried part), the stored one is read and the write tried again.
 */
async function countBatchPages(jobId: string, status: JobStatus, pages: BatchPages): Promise<boolean> {
  const batchKey = scrapeBatchKey(jobId, pages.plan, pages.batch);
  let previous = pages.previous;
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: batchKey,
                UpdateExpression: 'SET done = :done, #type = :type, expires_at = :expires',
                ConditionExpression:
                  previous === 0 ? 'attribute_not_exists(done) OR done = :previous' : 'done = :previous',
                ExpressionAttributeNames: { '#type': 'type' },
                ExpressionAttributeValues: {
                  ':done': pages.done,
                  ':previous': previous,
                  ':type': 'ScrapeBatchPages',
                  ':expires': progressExpiry(),
                },
              },
            },
            {
              Update: {
                TableName: tableName(),
                Key: jobKey(jobId),
                UpdateExpression:
                  'SET #run.#pages = if_not_exists(#run.#pages, :zero) + :added, #updated = :now REMOVE #run.#running.#batch',
                ConditionExpression: '#status = :status',
                ExpressionAttributeNames: {
                  '#run': 'scrape_run',
                  '#pages': 'pages_done',
                  '#running': 'running_pages',
                  '#batch': String(pages.batch),
                  '#updated': 'updated_at',
                  '#status': 'status',
                },
                ExpressionAttributeValues: {
                  ':zero': 0,
                  ':added': pages.done - previous,
                  ':now': new Date().toISOString(),
                  ':status': status,
                },
              },
            },
            {
              Update: {
                TableName: tableName(),
                Key: scrapeProgressKey(jobId, pages.plan),
                UpdateExpression: 'SET #type = :type, job_id = :job, expires_at = :expires REMOVE #part',
                ConditionExpression: 'attribute_not_exists(ended_at)',
                ExpressionAttributeNames: { '#type': 'type', '#part': `${PART}${pages.batch}` },
                ExpressionAttributeValues: {
                  ':type': 'ScrapeProgress',
                  ':job': jobId,
                  ':expires': progressExpiry(),
                },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      const failed = failedConditionItems(error);
      if (failed.includes(1) || failed.includes(2)) return false;
      const retry = failed.includes(0) || isTransactionConflict(error);
      if (!retry || attempt >= TRANSACTION_ATTEMPTS) throw error;
      if (failed.includes(0)) previous = await storedBatchPages(batchKey);
    }
  }
}

async function storedBatchPages(key: { PK: string; SK: string }): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  return typeof Item?.done === 'number' ? Item.done : 0;
}

/** Removes a finished job; false when it is gone or no longer in the status it was read in. */
async function deleteFinishedJob(job: Job): Promise<boolean> {
  return conditionHeld(
    dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: jobKey(job.job_id),
        ConditionExpression: '#status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': job.status },
      }),
    ),
  );
}

async function batchGetJobs<Extra extends object>(
  jobIds: string[],
  consistency: Consistency,
): Promise<Map<string, StoredJob<Extra>>> {
  const items = await batchGetItems(jobIds.map(jobKey), consistency);
  const jobs = await withProgressOf(
    items.map((item) => toJob<Extra>(item)),
    consistency,
  );
  return new Map(jobs.map((job) => [job.job_id, job]));
}

/**
 * A project's jobs of one list, newest first (ids sort by creation time), read page by page from the
 * project's (or the website's) index until `limit` jobs are kept. Pages are positioned by job id, so
 * a cursor names a job whichever index listed it.
 */
async function listJobs<Extra extends object>(
  projectId: string,
  list: JobList,
  options: ListJobsOptions<Extra>,
): Promise<JobPage<Extra>> {
  const { websiteId, keep } = options;
  const after = options.after === undefined ? undefined : String(options.after.job_id);
  const query = websiteId
    ? {
        ...beginsWith(websiteJobsPrefix(websiteId, list)),
        ScanIndexForward: false,
      }
    : {
        ...inIndex(projectJobsPartition(projectId, list)),
        ScanIndexForward: false,
      };
  const startKey =
    after === undefined
      ? undefined
      : websiteId
        ? websiteJobKey(websiteId, list, after)
        : { ...jobKey(after), ...projectJobsIndex(projectId, list, after) };
  const page = await queryPage<StoredJob<Extra>>(query, {
    limit: options.limit,
    after: startKey,
    read: async (items) => {
      // A website's index holds only job ids: the jobs are read, and those of other projects dropped.
      const byId = websiteId
        ? await batchGetJobs<Extra>(
            items.map((item) => String(item.job_id)),
            { consistent: false },
          )
        : undefined;
      const jobs = byId
        ? items.map((item) => {
            const job = byId.get(String(item.job_id));
            return job?.project_id === projectId ? job : null;
          })
        : await withProgressOf(
            items.map((item) => toJob<Extra>(item)),
            { consistent: false },
          );
      const found = jobs.filter((job) => job !== null);
      const kept = new Set(keep ? await keep(found) : found);
      return jobs.map((job) => (job && kept.has(job) ? job : null));
    },
  });
  const last = page.values.at(-1);
  return { values: page.values, next: page.next && last ? { job_id: last.job_id } : undefined };
}

/** Every unfinished job, read from the open-job markers (bounded by the jobs in flight, no table scan). */
async function openJobs<Extra extends object = object>(): Promise<StoredJob<Extra>[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': openJobKey('').PK },
        ExclusiveStartKey: startKey,
      }),
    );
    ids.push(...(page.Items ?? []).map((item) => String(item.job_id)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const jobs = await batchGetJobs<Extra>(ids, { consistent: true });
  return ids.flatMap((id) => {
    const job = jobs.get(id);
    return job && !isFinal(job.status) ? [job] : [];
  });
}

/** Records the lane execution running the job, so a cancel can stop it. */
async function setExecutionArn(jobId: string, executionArn: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(jobId),
      UpdateExpression: 'SET execution_arn = :arn',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':arn': executionArn },
    }),
  );
}

/** A condition for another store's transaction: the job is still in `status`. */
function jobStillIn(jobId: string, status: JobStatus): JointWrite {
  return jointWrite(`job ${jobId} is still ${status}`, () => [
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: jobKey(jobId),
        ConditionExpression: '#status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status },
      },
    },
  ]);
}

/**
 * Takes back a job that was just created and never started (its credit hold was refused), with its
 * open keys and website link, as if the create had not happened. False when it has moved on meanwhile.
 */
async function discardNewJob(job: StoredJob): Promise<boolean> {
  return conditionHeld(
    dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: jobKey(job.job_id),
              ConditionExpression: '#status = :status',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':status': job.status },
            },
          },
          ...heldKeys(job).map((key): TransactItem => ({ Delete: { TableName: tableName(), Key: key } })),
          // A scrape job is linked to its website when created; the link goes with it.
          ...(job.website_id
            ? [
                {
                  Delete: {
                    TableName: tableName(),
                    Key: websiteJobKey(job.website_id, JOB_LIST[job.job_type], job.job_id),
                  },
                },
              ]
            : []),
        ],
      }),
    ),
  );
}

/** `putNewJob`, where a lost condition (a lock or quota another create took) is null. */
async function createJob<Extra extends object>(
  job: StoredJob<Extra>,
  also: JointWrite[] = [],
): Promise<StoredJob<Extra> | null> {
  try {
    return await putNewJob(job, also);
  } catch (error) {
    if (isConditionFailure(error) || isTransactionConflict(error)) return null;
    throw error;
  }
}

export const dynamoJobStore: JobStore = {
  put: putNewJob,
  create: createJob,
  get: getJob,
  holding: jobHolding,
  move: moveJob,
  updateIn: updateJobIn,
  setPathIn: setJobPathIn,
  setRunningPages,
  countBatchPages,
  deleteFinished: deleteFinishedJob,
  list: listJobs,
  open: openJobs,
  setExecutionArn,
  stillIn: jobStillIn,
  discardNew: discardNewJob,
};
