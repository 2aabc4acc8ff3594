import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Cents } from '#core/money';
import { topupKey } from '#store/keys';
import { dynamo, tableName } from '#store/table-services';
import type { Topup, TopupRecords } from './topup-flow.ts';

const toTopup = (item: Record<string, unknown>): Topup => ({
  topupId: String(item.topup_id),
  customerId: String(item.customer_id),
  sessionId: String(item.session_id),
  amountCents: Number(item.amount) as Cents,
  currency: String(item.currency),
  jobId: typeof item.job_id === 'string' ? item.job_id : null,
  createdAt: String(item.created_at),
  invoiceId: typeof item.invoice_id === 'string' ? item.invoice_id : null,
});

/** Top-ups under their customer, keyed by checkout session (what the webhook and the poll know). */
export const topupRecords: TopupRecords = {
  async create(topup) {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...topupKey(topup.customerId, topup.sessionId),
          type: 'Topup',
          topup_id: topup.topupId,
          customer_id: topup.customerId,
          session_id: topup.sessionId,
          amount: topup.amountCents,
          currency: topup.currency,
          job_id: topup.jobId ?? undefined,
          created_at: topup.createdAt,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  },

  async get(customerId, sessionId) {
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: topupKey(customerId, sessionId), ConsistentRead: true }),
    );
    return Item ? toTopup(Item) : null;
  },

  async recordInvoice(customerId, sessionId, invoiceId) {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: topupKey(customerId, sessionId),
        UpdateExpression: 'SET invoice_id = :invoice',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':invoice': invoiceId },
      }),
    );
  },
};
