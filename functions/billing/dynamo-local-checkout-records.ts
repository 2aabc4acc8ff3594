import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Cents } from '#core/money';
import { isConditionFailure } from '#store/condition-failure';
import { localCheckoutKey } from '#store/keys';
import { dynamo, tableName } from '#store/table-services';
import type { LocalCheckoutSession, LocalCheckoutStore } from './local-payment-provider.ts';

const toSession = (item: Record<string, unknown>): LocalCheckoutSession => ({
  sessionId: String(item.session_id),
  status: item.status as LocalCheckoutSession['status'],
  amountCents: Number(item.amount) as Cents,
  currency: String(item.currency),
  customerId: String(item.customer_id),
  topupId: String(item.topup_id),
  successUrl: String(item.success_url),
  cancelUrl: String(item.cancel_url),
  createdAt: String(item.created_at),
});

/**
 * Local checkout sessions in the table, so every handler (one Lambda each in the cloud, one process
 * locally) sees the same session, and a double-pressed Pay closes it once.
 */
export const localCheckoutStore: LocalCheckoutStore = {
  async create(session) {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...localCheckoutKey(session.sessionId),
          type: 'LocalCheckout',
          session_id: session.sessionId,
          status: session.status,
          amount: session.amountCents,
          currency: session.currency,
          customer_id: session.customerId,
          topup_id: session.topupId,
          success_url: session.successUrl,
          cancel_url: session.cancelUrl,
          created_at: session.createdAt,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  },

  async get(sessionId) {
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: localCheckoutKey(sessionId), ConsistentRead: true }),
    );
    return Item ? toSession(Item) : undefined;
  },

  async close(sessionId, status) {
    try {
      const { Attributes } = await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: localCheckoutKey(sessionId),
          UpdateExpression: 'SET #status = :status',
          ConditionExpression: '#status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status, ':open': 'OPEN' },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { session: toSession(Attributes ?? {}), closedNow: true };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const session = await localCheckoutStore.get(sessionId);
      return session && { session, closedNow: false };
    }
  },
};
