import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactRequest } from '#core/contact-request';
import { isConditionFailure } from './condition-failure.ts';
import { dynamo, tableName } from './dynamo.ts';
import { contactRequestKey, jobKey } from './keys.ts';

const toContactRequest = (item: Record<string, unknown>): ContactRequest => {
  const { PK: _pk, SK: _sk, type: _type, user_id: _user, ...fields } = item;
  return fields as unknown as ContactRequest;
};

export async function getContactRequest(contactRequestId: string): Promise<ContactRequest | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: contactRequestKey(contactRequestId),
      ConsistentRead: true,
    }),
  );
  return Item ? toContactRequest(Item) : null;
}

/**
 * Saves the request. For a job, the job's `contact_request_id` is set in the same transaction, on
 * the condition that it has none: of racing requests about one job exactly one is created, and the
 * others get that one back (`created: false`).
 */
export async function saveContactRequest(
  request: ContactRequest,
  userId: string,
): Promise<{ created: boolean; request: ContactRequest }> {
  const put = {
    Put: {
      TableName: tableName(),
      Item: {
        ...contactRequestKey(request.contact_request_id),
        type: 'ContactRequest',
        user_id: userId,
        ...request,
      },
    },
  };
  if (!request.job_id) {
    await dynamo().send(new TransactWriteCommand({ TransactItems: [put] }));
    return { created: true, request };
  }
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          put,
          {
            Update: {
              TableName: tableName(),
              Key: jobKey(request.job_id),
              UpdateExpression: 'SET contact_request_id = :id',
              ConditionExpression:
                'attribute_exists(PK) AND (attribute_not_exists(contact_request_id) OR contact_request_id = :null)',
              ExpressionAttributeValues: { ':id': request.contact_request_id, ':null': null },
            },
          },
        ],
      }),
    );
    return { created: true, request };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: jobKey(request.job_id), ConsistentRead: true }),
  );
  const first =
    typeof Item?.contact_request_id === 'string' ? await getContactRequest(Item.contact_request_id) : null;
  if (!first) throw new Error(`Job ${request.job_id} refused a contact request but names none`);
  return { created: false, request: first };
}
