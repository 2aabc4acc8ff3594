import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  fullAgainAtMs,
  intervalMs,
  type RateLimit,
  retryAfterSeconds,
  toleranceMs,
} from '#core/token-bucket';
import { isConditionFailure } from './condition-failure.ts';
import { rateBucketKey } from './keys.ts';
import { dynamo, tableName } from './table-services.ts';

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/**
 * Takes one request token from the key's bucket in the table, as one conditional write that moves
 * its arrival time `at_ms` (core/token-bucket.ts) forward. An idle bucket (no item, or a time
 * already past) is set to now plus one interval; a busy one gets one interval added atomically, so
 * any number of concurrent requests of a key (on any number of Lambdas) each spend their own token
 * and none is refused for losing a race. The time only moves forward, so once the idle write has
 * failed the busy write fails only when the bucket is empty.
 */
export async function takeRequestToken(
  keyId: string,
  limit: RateLimit,
  nowMs = Date.now(),
): Promise<Admission> {
  // A bucket left alone until then is full again, the same as no item at all.
  const expires = Math.ceil(fullAgainAtMs(nowMs, limit) / 1000) + 60;
  /**
   * Null when the write went through; when its condition failed, the arrival time it found, which
   * DynamoDB returns with the failure (ALL_OLD) so a refusal needs no read of its own.
   */
  const write = async (
    update: string,
    condition: string,
    values: Record<string, number>,
  ): Promise<{ storedAtMs: number } | null> => {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: rateBucketKey(keyId),
          UpdateExpression: `${update}, expires_at = :expires`,
          ConditionExpression: condition,
          ExpressionAttributeValues: { ...values, ':expires': expires },
          ReturnValues: 'NONE',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return null;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // The document client leaves the failure's item in DynamoDB's attribute-value form.
      const item = (error as { Item?: { at_ms?: { N?: string } } }).Item;
      return { storedAtMs: Number(item?.at_ms?.N ?? nowMs) };
    }
  };
  const idle = await write('SET at_ms = :next', 'attribute_not_exists(at_ms) OR at_ms < :now', {
    ':next': nowMs + intervalMs(limit),
    ':now': nowMs,
  });
  if (!idle) return { admitted: true };
  const busy = await write('SET at_ms = at_ms + :interval', 'at_ms <= :latest', {
    ':interval': intervalMs(limit),
    ':latest': nowMs + toleranceMs(limit),
  });
  if (!busy) return { admitted: true };
  return { admitted: false, retryAfterSeconds: retryAfterSeconds(busy.storedAtMs, nowMs, limit) };
}
