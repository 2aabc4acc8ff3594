import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type BucketState, type RateLimit, secondsToRefill, takeToken } from '#core/token-bucket';
import { isConditionFailure } from './condition-failure.ts';
import { dynamo, tableName } from './dynamo.ts';
import { rateBucketKey } from './keys.ts';

// Requests of one key racing each other: each loser reads the bucket again, a few times at most.
const ATTEMPTS = 4;

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/**
 * Takes one request token from the key's bucket in the table. The write is conditional on the
 * bucket being as read, so concurrent requests of a key (on any number of Lambdas) never spend
 * the same token twice. A key that keeps losing the race is sending faster than it may.
 */
export async function takeRequestToken(
  keyId: string,
  limit: RateLimit,
  nowMs = Date.now(),
): Promise<Admission> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const { Item } = await dynamo.send(
      new GetCommand({ TableName: tableName, Key: rateBucketKey(keyId), ConsistentRead: true }),
    );
    const state: BucketState | undefined = Item
      ? { tokens: Number(Item.tokens), refilledAtMs: Number(Item.refilled_at_ms) }
      : undefined;
    const taken = takeToken(state, nowMs, limit);
    if (!taken.allowed) return { admitted: false, retryAfterSeconds: taken.retryAfterSeconds };
    try {
      await dynamo.send(
        new UpdateCommand({
          TableName: tableName,
          Key: rateBucketKey(keyId),
          UpdateExpression: 'SET tokens = :tokens, refilled_at_ms = :now, expires_at = :expires',
          ConditionExpression: state ? 'refilled_at_ms = :was' : 'attribute_not_exists(refilled_at_ms)',
          ExpressionAttributeValues: {
            ':tokens': taken.next.tokens,
            ':now': nowMs,
            // A bucket left alone this long is full again, the same as no item at all.
            ':expires': Math.ceil(nowMs / 1000) + secondsToRefill(limit) + 60,
            ...(state ? { ':was': state.refilledAtMs } : {}),
          },
          ReturnValues: 'NONE',
        }),
      );
      return { admitted: true };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return { admitted: false, retryAfterSeconds: 1 };
}
