import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { newId } from '#core/ids';
import type { Cents } from '#core/money';
import { isConditionFailure, isTransactionConflict } from '#store/condition-failure';
import { beginsWith, invoiceCounterKey, invoiceKey, invoicesPrefix, sessionInvoiceKey } from '#store/keys';
import { queryPage } from '#store/query-page';
import { dynamo, tableName } from '#store/table-services';
import { formatInvoiceNumber, type InvoicePage } from './accounting.ts';
import type { InvoiceRecords, StoredInvoice } from './in-house-accounting.ts';

const toInvoice = (item: Record<string, unknown>): StoredInvoice => ({
  invoiceId: String(item.invoice_id),
  number: String(item.number),
  customerId: String(item.customer_id),
  customerName: String(item.customer_name),
  sessionId: String(item.session_id),
  topupId: String(item.topup_id),
  amountCents: Number(item.amount) as Cents,
  currency: String(item.currency),
  issuedAt: String(item.issued_at),
});

async function getInvoice(customerId: string, invoiceId: string): Promise<StoredInvoice | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: invoiceKey(customerId, invoiceId), ConsistentRead: true }),
  );
  return Item ? toInvoice(Item) : null;
}

/** Newest first: invoice ids sort by the time they were made. */
async function listInvoices(customerId: string, page: InvoicePage) {
  const { values, next } = await queryPage(
    {
      ...beginsWith(invoicesPrefix(customerId)),
      ScanIndexForward: false,
    },
    { ...page, read: async (items) => items.map(toInvoice) },
  );
  return { invoices: values, next };
}

async function invoiceOfSession(customerId: string, sessionId: string): Promise<StoredInvoice | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: sessionInvoiceKey(customerId, sessionId),
      ConsistentRead: true,
    }),
  );
  return Item ? getInvoice(customerId, String(Item.invoice_id)) : null;
}

async function lastNumber(year: number): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: invoiceCounterKey(year), ConsistentRead: true }),
  );
  return Number(Item?.last_number ?? 0);
}

const MAX_ATTEMPTS = 20;

/**
 * Issues the invoice of a paid checkout session with the next number of its year, or answers the
 * invoice already issued for that session. The year's counter moves in the same transaction that
 * writes the invoice, conditioned on the value just read, so numbers have no gaps and no repeats;
 * a writer that loses the race reads the counter again and retries.
 */
async function issueInvoice(input: Parameters<InvoiceRecords['issue']>[0]): Promise<StoredInvoice> {
  for (let attempt = 1; ; attempt++) {
    const existing = await invoiceOfSession(input.customerId, input.sessionId);
    if (existing) return existing;
    const last = await lastNumber(input.year);
    const { year, ...fields } = input;
    const invoice: StoredInvoice = {
      ...fields,
      invoiceId: newId('inv'),
      number: formatInvoiceNumber(year, last + 1),
    };
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: { ...invoiceCounterKey(year), type: 'InvoiceCounter', last_number: last + 1 },
                ConditionExpression: last === 0 ? 'attribute_not_exists(PK)' : 'last_number = :last',
                ExpressionAttributeValues: last === 0 ? undefined : { ':last': last },
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...sessionInvoiceKey(input.customerId, input.sessionId),
                  type: 'SessionInvoice',
                  invoice_id: invoice.invoiceId,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...invoiceKey(input.customerId, invoice.invoiceId),
                  type: 'Invoice',
                  invoice_id: invoice.invoiceId,
                  number: invoice.number,
                  customer_id: invoice.customerId,
                  customer_name: invoice.customerName,
                  session_id: invoice.sessionId,
                  topup_id: invoice.topupId,
                  amount: invoice.amountCents,
                  currency: invoice.currency,
                  issued_at: invoice.issuedAt,
                },
              },
            },
          ],
        }),
      );
      return invoice;
    } catch (error) {
      // A condition failed (another invoice took the number, or this session's was just issued) or
      // a concurrent transaction touched the counter: read both again.
      const raced = isConditionFailure(error) || isTransactionConflict(error);
      if (!raced || attempt >= MAX_ATTEMPTS) throw error;
      await sleep(Math.random() * 20 * attempt);
    }
  }
}

export const invoiceRecords: InvoiceRecords = {
  issue: issueInvoice,
  get: getInvoice,
  list: listInvoices,
};
