import * as v from 'valibot';
import { money, nullableTimestamp, timestamp } from '../response-fields.ts';

export const balance = v.object({
  customer_id: v.string(),
  currency: v.literal('EUR'),
  balance: money,
  held: money,
  spendable: money,
});

export const usage = v.object({
  month: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/), v.examples(['2026-03'])),
  currency: v.literal('EUR'),
  total: money,
  items: v.array(v.looseObject({ amount: money })),
});

export const invoice = v.object({
  invoice_id: v.string(),
  number: v.string(),
  session_id: v.string(),
  amount: money,
  currency: v.string(),
  issued_at: timestamp,
});

export const startedTopup = v.object({ checkout_url: v.string(), session_id: v.string() });

export const topupStatus = v.object({
  session_id: v.string(),
  status: v.picklist(['OPEN', 'PAID', 'EXPIRED']),
  credited: v.boolean(),
  amount: money,
  currency: v.string(),
  credited_at: nullableTimestamp,
});

export const webhookReceipt = v.object({
  received: v.pipe(
    v.literal(true),
    v.description('Always true: the event’s signature was verified and the event accepted.'),
  ),
});
