import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { jointWrite } from './dynamo-joint-write.ts';
import type { JointWrite } from './joint-write.ts';
import { matchingSampleKey } from './keys.ts';
import { dynamo, tableName } from './table-services.ts';

/**
 * The project's one free matching sample: a marker item taken in the transaction that creates the
 * sample job (so racing creates cannot take two) and given back when the sample fails.
 */
export async function sampleTaken(projectId: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: matchingSampleKey(projectId), ConsistentRead: true }),
  );
  return Item !== undefined;
}

export const takeSampleWrite = (projectId: string, jobId: string): JointWrite =>
  jointWrite(`job ${jobId} takes the free matching sample of ${projectId}`, [
    {
      Put: {
        TableName: tableName(),
        Item: { ...matchingSampleKey(projectId), type: 'MatchingSample', job_id: jobId },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);

export const giveSampleBackWrite = (projectId: string, jobId: string): JointWrite =>
  jointWrite(`job ${jobId} gives the free matching sample of ${projectId} back`, [
    {
      Delete: {
        TableName: tableName(),
        Key: matchingSampleKey(projectId),
        ConditionExpression: 'attribute_not_exists(PK) OR job_id = :job',
        ExpressionAttributeValues: { ':job': jobId },
      },
    },
  ]);
