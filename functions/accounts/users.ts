import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { newId } from '#core/ids';
import { Conflict, NotFound } from '#core/problem';
import { isConditionFailure } from '#store/condition-failure';
import { dynamo, tableName } from '#store/dynamo';
import { emailKey, userKey } from '#store/keys';

export interface User {
  user_id: string;
  name: string;
  email: string;
  created_at: string;
}

const toUser = (item: Record<string, unknown>): User => ({
  user_id: String(item.user_id),
  name: String(item.name),
  email: String(item.email),
  created_at: String(item.created_at),
});

/** E-mails are unique: a guard item keyed by the e-mail is written in the same transaction. */
export async function createUser(input: { name: string; email: string }): Promise<User> {
  const user: User = {
    user_id: newId('usr'),
    name: input.name,
    email: input.email,
    created_at: new Date().toISOString(),
  };
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
  return user;
}

export async function findUserIdByEmail(email: string): Promise<string | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: emailKey(email) }));
  return Item ? String(Item.user_id) : null;
}

export async function getUser(userId: string): Promise<User | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: userKey(userId), ConsistentRead: true }),
  );
  return Item ? toUser(Item) : null;
}

export async function renameUser(userId: string, name: string): Promise<User> {
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
