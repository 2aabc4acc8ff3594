import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { deletePartition } from '#store/batch-write';
import { conditionHeld, isConditionFailure, isTransactionConflict } from '#store/condition-failure';
import type { TransactItem } from '#store/dynamo';
import {
  beginsWith,
  DUE_SCHEDULES_PK,
  dueScheduleKey,
  inIndex,
  PENDING_RUNS_PK,
  pendingRunKey,
  projectSchedulesIndex,
  projectSchedulesPartition,
  scheduleKey,
  scheduleRunKey,
  scheduleRunsPrefix,
} from '#store/keys';
import { queryAll } from '#store/query-all';
import { newestFirstPage, type PageRequest, type QueryPage } from '#store/query-page';
import { dynamo, tableName } from '#store/table-services';
import type { PendingRun, Schedule, ScheduleRun } from './schedule.ts';
import type { ScheduleStore } from './schedule-store.ts';

const strip = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, GSI1PK: _gpk, GSI1SK: _gsk, type: _type, ...rest } = item;
  return rest as T;
};

/** A run item as the API shows it: the id its job was to have stays inside. */
const runOf = (item: Record<string, unknown>): ScheduleRun => {
  const { planned_job_id: _planned, ...run } = strip<ScheduleRun & { planned_job_id?: string }>(item);
  return run;
};

const scheduleItem = (schedule: Schedule) => ({
  ...scheduleKey(schedule.schedule_id),
  ...projectSchedulesIndex(schedule.project_id, schedule.schedule_id),
  type: 'Schedule',
  ...schedule,
});

/** The due-time marker writes that move a schedule from `before` to `after` (either may be absent). */
function dueMarkerWrites(before: Schedule | null, after: Schedule | null): TransactItem[] {
  const was = before?.next_run_at ?? null;
  const will = after?.next_run_at ?? null;
  if (was === will && before?.schedule_id === after?.schedule_id) return [];
  const writes: TransactItem[] = [];
  if (before && was)
    writes.push({ Delete: { TableName: tableName(), Key: dueScheduleKey(was, before.schedule_id) } });
  if (after && will) {
    writes.push({
      Put: {
        TableName: tableName(),
        Item: {
          ...dueScheduleKey(will, after.schedule_id),
          type: 'DueSchedule',
          schedule_id: after.schedule_id,
        },
      },
    });
  }
  return writes;
}

async function putNewSchedule(schedule: Schedule): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: scheduleItem(schedule),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        ...dueMarkerWrites(null, schedule),
      ],
    }),
  );
}

async function getSchedule(scheduleId: string): Promise<Schedule | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: scheduleKey(scheduleId), ConsistentRead: true }),
  );
  return Item ? strip<Schedule>(Item) : null;
}

/**
 * Writes `after` over `before` (and `also` with it) only if nothing wrote the schedule since it was
 * read; false when another write came first (read again and retry).
 */
async function changeSchedule(
  before: Schedule,
  after: Schedule,
  also: TransactItem[] = [],
): Promise<boolean> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          ...also,
          {
            Put: {
              TableName: tableName(),
              Item: scheduleItem({ ...after, version: before.version + 1 }),
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': before.version },
            },
          },
          ...dueMarkerWrites(before, after),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error) || isTransactionConflict(error)) return false;
    throw error;
  }
}

/**
 * Claims the run of the schedule's due time and moves it on to `next` in one write: of two runners
 * reading the same due time, only one claims it. The run keeps the id its job is to have, and a
 * pending marker stands until its outcome is recorded (`staleRuns`). False when the run was claimed
 * or the schedule changed meanwhile.
 */
function claimRun(
  schedule: Schedule,
  next: Schedule,
  run: ScheduleRun,
  plannedJobId: string,
): Promise<boolean> {
  return changeSchedule(schedule, next, [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...scheduleRunKey(run.schedule_id, run.due_at),
          type: 'ScheduleRun',
          ...run,
          planned_job_id: plannedJobId,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...pendingRunKey(run.schedule_id, run.due_at), claimed_at: run.recorded_at },
      },
    },
  ]);
}

/**
 * The runs claimed before `claimedBefore` that never recorded an outcome (the runner stopped), each
 * taken over by this caller: its claim time moves to `now` in a conditional write, so of two runners
 * sweeping at once one takes it, and a sweeper that stops too leaves it for a later tick.
 */
async function takeStaleRuns(claimedBefore: string, now: string): Promise<PendingRun[]> {
  const markers = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    FilterExpression: 'claimed_at < :before',
    ExpressionAttributeValues: { ':pk': PENDING_RUNS_PK, ':before': claimedBefore },
  });
  const taken: PendingRun[] = [];
  for (const marker of markers) {
    const won = await conditionHeld(
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { PK: marker.PK, SK: marker.SK },
          UpdateExpression: 'SET claimed_at = :now',
          ConditionExpression: 'claimed_at = :seen',
          ExpressionAttributeValues: { ':now': now, ':seen': marker.claimed_at },
        }),
      ),
    );
    if (!won) continue;
    const sk = String(marker.SK);
    const separator = sk.indexOf('#');
    const { Item } = await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: scheduleRunKey(sk.slice(0, separator), sk.slice(separator + 1)),
      }),
    );
    if (Item?.outcome === 'PENDING') {
      taken.push({ run: runOf(Item), plannedJobId: String(Item.planned_job_id) });
    } else {
      // The outcome was recorded (or the schedule removed) and only the marker's removal was lost.
      await dynamo().send(
        new DeleteCommand({ TableName: tableName(), Key: { PK: marker.PK, SK: marker.SK } }),
      );
    }
  }
  return taken;
}

/**
 * Records how a claimed run ended. A schedule removed meanwhile took its runs along: nothing is
 * written then, and the outcome is only returned.
 */
async function recordRunOutcome(
  run: Pick<ScheduleRun, 'schedule_id' | 'due_at'>,
  outcome: Pick<ScheduleRun, 'outcome' | 'job_id' | 'skip_reason' | 'detail'>,
): Promise<ScheduleRun> {
  const recorded: ScheduleRun = {
    schedule_id: run.schedule_id,
    due_at: run.due_at,
    ...outcome,
    recorded_at: new Date().toISOString(),
  };
  // A run removed with its schedule meanwhile stays removed.
  await conditionHeld(
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: scheduleRunKey(run.schedule_id, run.due_at),
        UpdateExpression:
          'SET outcome = :outcome, job_id = :job, skip_reason = :reason, detail = :detail, recorded_at = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':outcome': recorded.outcome,
          ':job': recorded.job_id,
          ':reason': recorded.skip_reason,
          ':detail': recorded.detail,
          ':at': recorded.recorded_at,
        },
      }),
    ),
  );
  await dynamo().send(
    new DeleteCommand({ TableName: tableName(), Key: pendingRunKey(run.schedule_id, run.due_at) }),
  );
  return recorded;
}

/** One page of the project's schedules, newest first (GET /schedules). */
function listSchedulesPage(projectId: string, page: PageRequest): Promise<QueryPage<Schedule>> {
  return newestFirstPage(inIndex(projectSchedulesPartition(projectId)), page, (item) =>
    strip<Schedule>(item),
  );
}

/** Every schedule of the project (a website's removal stops its schedules). */
async function listProjectSchedules(projectId: string): Promise<Schedule[]> {
  const items = await queryAll(inIndex(projectSchedulesPartition(projectId)));
  return items.map((item) => strip<Schedule>(item));
}

/** One page of a schedule's runs, newest due time first. */
function listRunsPage(scheduleId: string, page: PageRequest): Promise<QueryPage<ScheduleRun>> {
  return newestFirstPage(beginsWith(scheduleRunsPrefix(scheduleId)), page, runOf);
}

/** The runs due in [start, end): what a month's budget counts. */
async function runsDueBetween(scheduleId: string, start: string, end: string): Promise<ScheduleRun[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :start AND :end',
    ExpressionAttributeValues: {
      ':pk': scheduleKey(scheduleId).PK,
      ':start': scheduleRunKey(scheduleId, start).SK,
      ':end': scheduleRunKey(scheduleId, end).SK,
    },
  });
  // BETWEEN includes its end, which belongs to the next period.
  return items.map(runOf).filter((run) => run.due_at < end);
}

/** Ids of the schedules due at or before `now`, oldest due first, at most `limit`. */
async function dueScheduleIds(now: string, limit: number): Promise<{ scheduleId: string; dueAt: string }[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK <= :now',
      // '~' sorts after the id separator '#', so every schedule due exactly at `now` is included.
      ExpressionAttributeValues: { ':pk': DUE_SCHEDULES_PK, ':now': `${now}~` },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => {
    const sk = String(item.SK);
    return { scheduleId: String(item.schedule_id), dueAt: sk.slice(0, sk.lastIndexOf('#')) };
  });
}

/** Drops a due marker whose schedule no longer holds that due time (removed meanwhile). */
async function dropDueMarker(dueAt: string, scheduleId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: dueScheduleKey(dueAt, scheduleId) }));
}

/** Removes a schedule, its due marker and its runs; false when it was already gone or just changed. */
async function removeSchedule(schedule: Schedule): Promise<boolean> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: scheduleKey(schedule.schedule_id),
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': schedule.version },
            },
          },
          ...dueMarkerWrites(schedule, null),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error) || isTransactionConflict(error)) return false;
    throw error;
  }
  await deletePartition(scheduleKey(schedule.schedule_id).PK);
  return true;
}

/** Schedules in the service table: each with its runs in its partition, its due time in DUE_SCHEDULES. */
export const dynamoScheduleStore: ScheduleStore = {
  create: putNewSchedule,
  get: getSchedule,
  change: (before, after) => changeSchedule(before, after),
  claimRun,
  takeStaleRuns,
  recordRunOutcome,
  page: listSchedulesPage,
  ofProject: listProjectSchedules,
  runsPage: listRunsPage,
  runsDueBetween,
  dueSchedules: dueScheduleIds,
  dropDueMarker,
  remove: removeSchedule,
};
