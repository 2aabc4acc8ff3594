import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { failedConditionItems, isConditionFailure } from '#store/condition-failure';
import { contactRequestKey, contactSlotsPrefix, jobKey } from '#store/keys';
import { dynamo, tableName } from '#store/table-services';
import { readWindowSlots, takeWindowSlot } from '#store/window-slots';
import type { ContactRequest } from './contact-request.ts';
import type { ContactPlace, ContactStore, SavedContactRequest } from './contact-store.ts';

const toContactRequest = (item: Record<string, unknown>): ContactRequest => {
  const { PK: _pk, SK: _sk, type: _type, user_id: _user, ...fields } = item;
  return fields as unknown as ContactRequest;
};

async function getContactRequest(contactRequestId: string): Promise<ContactRequest | null> {
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
 * Saves the request together with the write that takes `place`, one of the user's places of the
 * rolling window (conditional on it being free). For a job, the job's `contact_request_id` is set in
 * the same transaction, on the condition that it has none.
 */
async function saveContactRequest(
  request: ContactRequest,
  userId: string,
  place: ContactPlace,
): Promise<SavedContactRequest> {
  const slot = takeWindowSlot(contactSlotsPrefix(userId), place.slot, place.nowMs, place.windowMs);
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
  const SLOT_ITEM = 1;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          put,
          slot,
          ...(request.job_id === null
            ? []
            : [
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
              ]),
        ],
      }),
    );
    return { outcome: 'CREATED', request };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const failed = failedConditionItems(error);
    if (request.job_id === null || (failed.length === 1 && failed[0] === SLOT_ITEM))
      return { outcome: 'SLOT_TAKEN' };
  }
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: jobKey(request.job_id), ConsistentRead: true }),
  );
  const first =
    typeof Item?.contact_request_id === 'string' ? await getContactRequest(Item.contact_request_id) : null;
  if (!first) throw new Error(`Job ${request.job_id} refused a contact request but names none`);
  return { outcome: 'EXISTING', request: first };
}

/** The contact store on the table: requests, the users' window slots, and the job's mark. */
export const dynamoContactStore: ContactStore = {
  get: getContactRequest,
  places: (userId) => readWindowSlots(contactSlotsPrefix(userId)),
  save: saveContactRequest,
};
