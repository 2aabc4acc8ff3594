import { pragueMonthBounds } from '#core/prague-month';
import { between, chargesBetween } from '#store/keys';
import { queryAll } from '#store/query-all';
import type { Charge } from './ledger-store.ts';

/**
 * The job charges settled in a Europe/Prague month, newest first. Charges sort by their settlement
 * instant, so the month is one key range: from its first instant up to (not including) the next
 * month's first.
 */
export async function chargesOfMonth(customerId: string, month: string): Promise<Charge[]> {
  const { start, end } = pragueMonthBounds(month);
  const items = await queryAll({
    ...between(chargesBetween(customerId, start.toISOString(), end.toISOString())),
    ScanIndexForward: false,
  });
  return items.map((item) => ({
    job_id: String(item.job_id),
    job_type: String(item.job_type),
    project_id: String(item.project_id),
    website_id: typeof item.website_id === 'string' ? item.website_id : null,
    quantity: Number(item.quantity),
    amount: Number(item.amount) as Charge['amount'],
    capped: item.capped === true,
    settled_at: String(item.settled_at),
    month: String(item.month),
  }));
}
