import { DeleteCommand, GetCommand, PutCommand, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  IDEMPOTENCY_CLAIM_MS,
  IDEMPOTENCY_RETENTION_MS,
  type IdempotencyRecord,
  type StoredResponse,
} from '#core/idempotency';
import { conditionHeld } from './condition-failure.ts';
import { idempotencyKey } from './keys.ts';
import { dynamo, tableName } from './table-services.ts';

/** Whose key it is and where it was sent: a key means one request per user (and key project) and route. */
export interface IdempotencyScope {
  userId: string;
  projectId: string | null;
  route: string;
  key: string;
}

// `expires_at` is the table's TTL attribute, in epoch seconds; DynamoDB removes the item some time
// after it passes, so readers also treat a passed one as gone.
const toSeconds = (ms: number) => Math.ceil(ms / 1000);

export async function readIdempotencyRecord(scope: IdempotencyScope): Promise<IdempotencyRecord | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: idempotencyKey(scope), ConsistentRead: true }),
  );
  if (!Item) return null;
  const expiresAt = Number(Item.expires_at) * 1000;
  const fingerprint = String(Item.fingerprint);
  return Item.state === 'DONE'
    ? { state: 'DONE', fingerprint, expiresAt, response: Item.response as StoredResponse }
    : { state: 'IN_PROGRESS', fingerprint, expiresAt, claimedUntil: Number(Item.claimed_until) };
}

/** Writes the key's record, kept for the retention from `now`, where `condition` holds. */
function putRecord(
  scope: IdempotencyScope,
  now: number,
  fields: Record<string, unknown>,
  condition: Pick<
    PutCommandInput,
    'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
  >,
): Promise<boolean> {
  return conditionHeld(
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...idempotencyKey(scope),
          type: 'IdempotencyRecord',
          ...fields,
          expires_at: toSeconds(now + IDEMPOTENCY_RETENTION_MS),
        },
        ...condition,
      }),
    ),
  );
}

/**
 * Claims the key for one request (`claimId`): only where no live record holds it, or where the claim
 * of a request that died has run out. Of racing requests exactly one gets true.
 */
export function claimIdempotencyKey(
  scope: IdempotencyScope,
  fingerprint: string,
  claimId: string,
  now: number,
): Promise<boolean> {
  return putRecord(
    scope,
    now,
    { state: 'IN_PROGRESS', fingerprint, claim_id: claimId, claimed_until: now + IDEMPOTENCY_CLAIM_MS },
    {
      ConditionExpression:
        'attribute_not_exists(PK) OR expires_at <= :now_s OR (#state = :in_progress AND claimed_until <= :now)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':now_s': toSeconds(now), ':now': now, ':in_progress': 'IN_PROGRESS' },
    },
  );
}

/** Keeps the claimed request's answer for replay; false when its claim was taken over meanwhile. */
export function keepIdempotentResponse(
  scope: IdempotencyScope,
  fingerprint: string,
  claimId: string,
  response: StoredResponse,
  now: number,
): Promise<boolean> {
  return putRecord(
    scope,
    now,
    { state: 'DONE', fingerprint, response },
    { ConditionExpression: 'claim_id = :claim', ExpressionAttributeValues: { ':claim': claimId } },
  );
}

/** Gives the key back after an answer not kept, so a retry runs; a claim taken over is left alone. */
export async function releaseIdempotencyKey(scope: IdempotencyScope, claimId: string): Promise<void> {
  await conditionHeld(
    dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: idempotencyKey(scope),
        ConditionExpression: 'claim_id = :claim',
        ExpressionAttributeValues: { ':claim': claimId },
      }),
    ),
  );
}
