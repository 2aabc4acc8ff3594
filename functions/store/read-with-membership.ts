import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './table-services.ts';

type Key = { PK: string; SK: string };
type Item = Record<string, unknown>;

const isAt = (key: Key) => (item: Item) => item.PK === key.PK && item.SK === key.SK;

/**
 * An entity (a customer, a project) and the user's membership of it, in one consistent read: what
 * the access policy needs to know, with the membership's role when there is one.
 */
export async function readWithMembership(
  entityKey: Key,
  membershipKey: Key,
): Promise<{ entity: Item | null; role: string | null }> {
  const { Responses } = await dynamo().send(
    new BatchGetCommand({
      RequestItems: { [tableName()]: { Keys: [entityKey, membershipKey], ConsistentRead: true } },
    }),
  );
  const items = Responses?.[tableName()] ?? [];
  const membership = items.find(isAt(membershipKey));
  return {
    entity: items.find(isAt(entityKey)) ?? null,
    role: membership ? String(membership.role) : null,
  };
}
