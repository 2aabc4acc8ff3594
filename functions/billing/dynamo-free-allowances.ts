import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { jointWrite } from '#store/dynamo-joint-write';
import { customerMonthKey, matchingSampleKey } from '#store/keys';
import { dynamo, tableName } from '#store/table-services';
import type { FreeAllowances } from './free-allowances.ts';

/**
 * The free analyses are counted on the customer's month usage item (the ledger's, beside its spend),
 * taken by a conditional increment; the free sample is a marker item of the project holding the
 * job that took it.
 */
export const dynamoFreeAllowances: FreeAllowances = {
  takeAnalysis: (customerId, month, freePerMonth) =>
    jointWrite(`a free analysis of ${customerId} in ${month}`, () => [
      {
        Update: {
          TableName: tableName(),
          Key: customerMonthKey(customerId, month),
          UpdateExpression: 'ADD free_analyses_used :one',
          ConditionExpression: 'attribute_not_exists(free_analyses_used) OR free_analyses_used < :free',
          ExpressionAttributeValues: { ':one': 1, ':free': freePerMonth },
        },
      },
    ]),

  // Unconditional: no counter may keep a job from ending.
  giveAnalysisBack: (customerId, month) =>
    jointWrite(`a free analysis of ${customerId} in ${month} given back`, () => [
      {
        Update: {
          TableName: tableName(),
          Key: customerMonthKey(customerId, month),
          UpdateExpression: 'ADD free_analyses_used :minusOne',
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
    ]),

  async sampleTaken(projectId) {
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: matchingSampleKey(projectId), ConsistentRead: true }),
    );
    return Item !== undefined;
  },

  takeSample: (projectId, jobId) =>
    jointWrite(`job ${jobId} takes the free matching sample of ${projectId}`, () => [
      {
        Put: {
          TableName: tableName(),
          Item: { ...matchingSampleKey(projectId), type: 'MatchingSample', job_id: jobId },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ]),

  giveSampleBack: (projectId, jobId) =>
    jointWrite(`job ${jobId} gives the free matching sample of ${projectId} back`, () => [
      {
        Delete: {
          TableName: tableName(),
          Key: matchingSampleKey(projectId),
          ConditionExpression: 'attribute_not_exists(PK) OR job_id = :job',
          ExpressionAttributeValues: { ':job': jobId },
        },
      },
    ]),
};
