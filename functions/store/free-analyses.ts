import { jointWrite } from './dynamo-joint-write.ts';
import type { JointWrite } from './joint-write.ts';
import { customerMonthKey } from './keys.ts';
import { tableName } from './table-services.ts';

/**
 * A customer's free website analyses of a Europe/Prague month, counted on the month's usage item.
 * Taking one is a conditional increment inside the transaction that creates the setup job, so
 * racing creates never take more than the quota.
 */
export function takeFreeAnalysis(customerId: string, month: string, freePerMonth: number): JointWrite {
  return jointWrite(`a free analysis of ${customerId} in ${month}`, [
    {
      Update: {
        TableName: tableName(),
        Key: customerMonthKey(customerId, month),
        UpdateExpression: 'ADD free_analyses_used :one',
        ConditionExpression: 'attribute_not_exists(free_analyses_used) OR free_analyses_used < :free',
        ExpressionAttributeValues: { ':one': 1, ':free': freePerMonth },
      },
    },
  ]);
}

/**
 * Gives a free analysis back (the analysis failed or was cancelled), in the transaction that ends
 * the job; unconditional, because no counter may keep a job from ending.
 */
export function returnFreeAnalysis(customerId: string, month: string): JointWrite {
  return jointWrite(`a free analysis of ${customerId} in ${month} given back`, [
    {
      Update: {
        TableName: tableName(),
        Key: customerMonthKey(customerId, month),
        UpdateExpression: 'ADD free_analyses_used :minusOne',
        ExpressionAttributeValues: { ':minusOne': -1 },
      },
    },
  ]);
}
