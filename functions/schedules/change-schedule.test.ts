import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as changes from './change-schedule.ts';
import type { Schedule } from './schedule.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
const dynamo = mockClient(DynamoDBDocumentClient);

afterEach(() => {
  dynamo.reset();
});

const stored = (overrides: Partial<Schedule> = {}): Schedule => ({
  schedule_id: 'sch_a',
  project_id: 'prj_a',
  website_id: 'web_a',
  variant: 'FULL',
  urls: null,
  cadence: { kind: 'DAILY', time: '06:00' },
  time_zone: 'Europe/Prague',
  monthly_budget: '10.00',
  status: 'ACTIVE',
  stopped_reason: null,
  next_run_at: '2026-11-25T05:00:00.000Z',
  created_by: 'usr_a',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  version: 7,
  ...overrides,
});

describe('rewriteSchedule', () => {
  it('keeps the version of a schedule the change left as it was, since nothing was written', async () => {
    // Prepare
    const stopped = stored({ status: 'STOPPED', stopped_reason: 'WEBSITE_REMOVED', next_run_at: null });
    dynamo.on(GetCommand).resolves({ Item: { PK: 'SCHEDULE#sch_a', SK: 'SCHEDULE', ...stopped } });

    // Act
    const result = await changes.stopSchedule('sch_a', 'WEBSITE_REMOVED');

    // Assess
    expect(result.version).toBe(7);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('counts the write it made in the version', async () => {
    // Prepare
    dynamo.on(GetCommand).resolves({ Item: { PK: 'SCHEDULE#sch_a', SK: 'SCHEDULE', ...stored() } });
    dynamo.on(TransactWriteCommand).resolves({});

    // Act
    const result = await changes.stopSchedule('sch_a', 'WEBSITE_REMOVED');

    // Assess
    expect(result).toMatchObject({ status: 'STOPPED', version: 8 });
  });
});

describe('updateSchedule', () => {
  it('starts from the schedule the caller read, without reading it again', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).resolves({});

    // Act
    const result = await changes.updateSchedule(stored(), { status: 'PAUSED' });

    // Assess
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
    expect(result).toMatchObject({ status: 'PAUSED', next_run_at: null, version: 8 });
  });

  it('reads the schedule anew when a racing write came first', async () => {
    // Prepare
    const raced = Object.assign(new Error('conditional check failed'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
    });
    dynamo.on(TransactWriteCommand).rejectsOnce(raced).resolves({});
    dynamo
      .on(GetCommand)
      .resolves({ Item: { PK: 'SCHEDULE#sch_a', SK: 'SCHEDULE', ...stored({ version: 8 }) } });

    // Act
    const result = await changes.updateSchedule(stored(), { status: 'PAUSED' });

    // Assess
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1);
    expect(result.version).toBe(9);
  });
});
