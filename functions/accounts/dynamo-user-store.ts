import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict, NotFound } from '#core/problem';
import { isConditionFailure } from '#store/condition-failure';
import { emailKey, userKey } from '#store/keys';
import { dynamo, tableName } from '#store/table-services';
import type { User } from './account.ts';
import type { UserStore } from './account-store.ts';

const toUser = (item: Record<string, unknown>): User => ({
  user_id: String(item.user_id),
  name: String(item.name),
  email: String(item.email),
  created_at: String(item.created_at),
});

/** E-mails are unique: a guard item keyed by the e-mail is written in the same transaction. */
async function createUser(user: User): Promise<void> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...emailKey(user.email), type: 'Email', user_id: user.user_id },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          { Put: { TableName: tableName(), Item: { ...userKey(user.user_id), type: 'User', ...user } } },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw Conflict('EMAIL_TAKEN', `A user with e-mail ${user.email} exists.`);
    throw error;
  }
}

async function findUserIdByEmail(email: string): Promise<string | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: emailKey(email) }));
  return Item ? String(Item.user_id) : null;
}

async function getUser(userId: string): Promise<User | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: userKey(userId), ConsistentRead: true }),
  );
  return Item ? toUser(Item) : null;
}

async function renameUser(userId: string, name: string): Promise<User> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(userId),
        UpdateExpression: 'SET #name = :name',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': name },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toUser(Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) throw NotFound('USER_NOT_FOUND', 'No such user.');
    throw error;
  }
}

export const dynamoUserStore: UserStore = {
  create: createUser,
  idByEmail: findUserIdByEmail,
  get: getUser,
  rename: renameUser,
};
