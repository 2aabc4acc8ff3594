import { DeleteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { finishHeldWork } from './held-work.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
const dynamo = mockClient(DynamoDBDocumentClient);

afterEach(() => dynamo.reset());

const held = (...ids: string[]) => ids.map((id) => ({ PK: 'HELD#HISTORY_RUN', SK: id, id }));
const released = () => dynamo.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key?.SK);

describe('finishHeldWork', () => {
  it('goes on past work that fails, keeps it held, and reads every page', async () => {
    // Prepare
    dynamo
      .on(QueryCommand)
      .resolvesOnce({
        Items: held('job_a', 'job_b'),
        LastEvaluatedKey: { PK: 'HELD#HISTORY_RUN', SK: 'job_b' },
      })
      .resolvesOnce({ Items: held('job_c') });
    dynamo.on(DeleteCommand).resolves({});
    const failed: string[] = [];

    // Act
    const finished = await finishHeldWork(
      'HISTORY_RUN',
      async (id) => {
        if (id === 'job_a') throw new Error('this run cannot be written');
      },
      Number.POSITIVE_INFINITY,
      (id) => failed.push(id),
    );

    // Assert
    expect(finished).toEqual(['job_b', 'job_c']);
    expect(failed).toEqual(['job_a']);
    expect(released()).toEqual(['job_b', 'job_c']);
    expect(dynamo.commandCalls(QueryCommand)[1]?.args[0].input.ExclusiveStartKey).toEqual({
      PK: 'HELD#HISTORY_RUN',
      SK: 'job_b',
    });
  });

  it('ends the pass when three fail one after another, as a service is down', async () => {
    // Prepare
    dynamo.on(QueryCommand).resolves({ Items: held('job_a', 'job_b', 'job_c', 'job_d', 'job_e') });
    const tried: string[] = [];

    // Act
    const finished = await finishHeldWork(
      'HISTORY_RUN',
      async (id) => {
        tried.push(id);
        throw new Error('bucket unavailable');
      },
      Number.POSITIVE_INFINITY,
      () => {},
    );

    // Assert
    expect(finished).toEqual([]);
    expect(tried).toEqual(['job_a', 'job_b', 'job_c']);
    expect(released()).toEqual([]);
  });

  it('starts nothing once the deadline has passed', async () => {
    // Prepare
    dynamo.on(QueryCommand).resolves({ Items: held('job_a') });
    const tried: string[] = [];

    // Act
    const finished = await finishHeldWork(
      'HISTORY_RUN',
      async (id) => void tried.push(id),
      Date.now() - 1,
      () => {},
    );

    // Assert
    expect(finished).toEqual([]);
    expect(tried).toEqual([]);
  });
});
