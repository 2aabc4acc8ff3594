import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Principal } from '#core/access-policy';
import { BadRequest } from '#core/problem';
import { failedConditionItems, isConditionFailure } from '#store/condition-failure';
import { apiKeyLookupKey, beginsWith, userApiKeyKey, userApiKeysPrefix, userKey } from '#store/keys';
import { newestFirstPage, type PageRequest, type QueryPage } from '#store/query-page';
import { dynamo, tableName } from '#store/table-services';
import type { ApiKeyRecord } from './account.ts';
import type { ApiKeyStore } from './account-store.ts';
import { MAX_API_KEYS_PER_USER } from './quotas.ts';

/** Moves the user's count of active keys; a new key may not pass MAX_API_KEYS_PER_USER. */
const countKeys = (userId: string, change: 1 | -1) => ({
  Update: {
    TableName: tableName(),
    Key: userKey(userId),
    UpdateExpression: 'ADD active_keys :change',
    ...(change === 1
      ? {
          ConditionExpression:
            'attribute_exists(PK) AND (attribute_not_exists(active_keys) OR active_keys < :max)',
          ExpressionAttributeValues: { ':change': change, ':max': MAX_API_KEYS_PER_USER },
        }
      : { ExpressionAttributeValues: { ':change': change } }),
  },
});

/**
 * Two items per key, written together: the lookup item keyed by the key's hash (authentication) and
 * the user's listing item (which also holds the hash, so revocation can find the lookup item). The
 * user's key count moves in the same transaction: 400 API_KEY_LIMIT_REACHED past the limit.
 */
async function createApiKey(userId: string, record: ApiKeyRecord, keyHash: string): Promise<void> {
  const KEY_COUNT_ITEM = 2;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...apiKeyLookupKey(keyHash), type: 'ApiKeyLookup', user_id: userId, ...record },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...userApiKeyKey(userId, record.key_id),
                type: 'ApiKey',
                key_hash: keyHash,
                ...record,
              },
            },
          },
          countKeys(userId, 1),
        ],
      }),
    );
  } catch (error) {
    if (!failedConditionItems(error).includes(KEY_COUNT_ITEM)) throw error;
    throw BadRequest(
      'API_KEY_LIMIT_REACHED',
      `A user may hold at most ${MAX_API_KEYS_PER_USER} active API keys; revoke one first.`,
    );
  }
}

async function findPrincipalByKeyHash(keyHash: string): Promise<Principal | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: apiKeyLookupKey(keyHash) }),
  );
  if (!Item) return null;
  return {
    userId: String(Item.user_id),
    keyId: String(Item.key_id),
    scope: Item.scope === 'PROJECT' ? 'PROJECT' : 'USER',
    projectId: typeof Item.project_id === 'string' ? Item.project_id : null,
  };
}

function listApiKeys(userId: string, page: PageRequest): Promise<QueryPage<ApiKeyRecord>> {
  return newestFirstPage(beginsWith(userApiKeysPrefix(userId)), page, (item) => ({
    key_id: String(item.key_id),
    name: typeof item.name === 'string' ? item.name : null,
    scope: item.scope === 'PROJECT' ? 'PROJECT' : 'USER',
    project_id: typeof item.project_id === 'string' ? item.project_id : null,
    key_suffix: String(item.key_suffix),
    created_at: String(item.created_at),
    last_used_at: typeof item.last_used_at === 'string' ? item.last_used_at : null,
  }));
}

/** Deletes both items and moves the user's key count down. */
async function revokeApiKey(userId: string, keyId: string): Promise<string | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: userApiKeyKey(userId, keyId), ConsistentRead: true }),
  );
  if (!Item) return null;
  const keyHash = String(Item.key_hash);
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: userApiKeyKey(userId, keyId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          { Delete: { TableName: tableName(), Key: apiKeyLookupKey(keyHash) } },
          countKeys(userId, -1),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
  return keyHash;
}

async function recordKeyUse(userId: string, keyId: string, at: string): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userApiKeyKey(userId, keyId),
        UpdateExpression: 'SET last_used_at = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  } catch (error) {
    // A key revoked between its lookup and this write has no listing item left to stamp.
    if (!isConditionFailure(error)) throw error;
  }
}

export const dynamoApiKeyStore: ApiKeyStore = {
  create: createApiKey,
  principalByHash: findPrincipalByKeyHash,
  page: listApiKeys,
  revoke: revokeApiKey,
  recordUse: recordKeyUse,
};
