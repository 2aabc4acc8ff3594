import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stepFunctionsLanes } from '#platform/lane-executions';
import { useLaneExecutions } from '#platform/lane-services';
import { publishEvents } from './webhook-events.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
useLaneExecutions(
  stepFunctionsLanes(() => 'arn:aws:states:eu-central-1:123456789012:stateMachine:pds-dev-webhook-delivery'),
);
const dynamo = mockClient(DynamoDBDocumentClient);
const sfn = mockClient(SFNClient);

afterEach(() => {
  dynamo.reset();
  sfn.reset();
});

const webhook = (id: string, events: string[]) => ({
  PK: `WEBHOOK#${id}`,
  SK: 'WEBHOOK',
  webhook_id: id,
  project_id: 'prj_a',
  url: `https://example.com/${id}`,
  events,
  secret: 'secret',
  created_by: 'usr_a',
  created_at: '2026-11-01T00:00:00.000Z',
});

describe('publishEvents', () => {
  it('reads the project’s webhooks once for all the events, and delivers each to its subscribers', async () => {
    // Prepare
    dynamo.on(QueryCommand).resolves({
      Items: [webhook('whk_jobs', ['job.completed']), webhook('whk_all', ['job.completed', 'export.ready'])],
    });
    dynamo.on(PutCommand).resolves({});
    sfn.on(StartExecutionCommand).resolves({ executionArn: 'arn:execution', startDate: new Date() });

    // Act
    await publishEvents('prj_a', [
      { type: 'job.completed', data: { job: { job_id: 'job_a' } } },
      { type: 'export.ready', data: { job_id: 'job_a', datasets: ['products'] } },
      { type: 'changes.detected', data: {} },
    ]);

    // Assess
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
    const deliveries = dynamo
      .commandCalls(PutCommand)
      .map((call) => `${call.args[0].input.Item?.webhook_id} ${call.args[0].input.Item?.event_type}`);
    expect(deliveries.sort()).toEqual([
      'whk_all export.ready',
      'whk_all job.completed',
      'whk_jobs job.completed',
    ]);
  });

  it('reads nothing when there is no event', async () => {
    // Act
    await publishEvents('prj_a', []);

    // Assess
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('logs instead of failing the work when the webhooks cannot be read', async () => {
    // Prepare
    dynamo.on(QueryCommand).rejects(new Error('table unreachable'));

    // Act / Assess
    await expect(
      publishEvents('prj_a', [
        { type: 'job.completed', data: {} },
        { type: 'export.ready', data: {} },
      ]),
    ).resolves.toBeUndefined();
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
  });
});
