import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLocalLanes } from '#local/state-machine-runner';

vi.mock('#store/table-services', () => import('#test/unit-table'));
const dynamo = mockClient(DynamoDBDocumentClient);
const lanes = startLocalLanes();
afterAll(async () => {
  await lanes.stopAll();
  dynamo.reset();
});

describe('the local lanes’ execution states', () => {
  it('tells its running executions from those it ran to their end, and knows no other', async () => {
    // Prepare: the delivery is gone, so the lane's one attempt ends it at once.
    dynamo.on(GetCommand).resolves({});
    // Act
    const arn = await lanes.start('webhook-delivery', 'dlv_1', {
      webhook_id: 'whk_1',
      delivery_id: 'dlv_1',
      round: 1,
    });
    const whileRunning = await lanes.state(arn);
    // The lane's first task imports its module then, the crawl engine's face (about a second) with it.
    await vi.waitFor(async () => expect(await lanes.state(arn)).toBe('ENDED'), { timeout: 5000 });
    // Assess
    expect(whileRunning).toBe('RUNNING');
    expect(await lanes.state(arn.replace('dlv_1', 'dlv_2'))).toBe('UNKNOWN');
    expect(dynamo.commandCalls(GetCommand).length).toBeGreaterThan(0);
  });
});
