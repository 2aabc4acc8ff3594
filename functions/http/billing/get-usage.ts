import * as v from 'valibot';
import { authorizedCustomer } from '#accounts/authorized-customer';
import { ledger } from '#billing/ledger-services';
import { formatMoney, sumMoney } from '#core/money';
import { MONTH_PATTERN, pragueMonthOf } from '#core/prague-month';
import { sortedPage } from '#core/sorted-page';
import { cursor, id, wholeListLimit } from '#platform/request-fields';
import { listPage } from '../list-page.ts';
import { billingHttp } from './billing-http.ts';
import { usage } from './billing-responses.ts';

const path = v.object({ customer_id: id });
const query = v.object({
  month: v.optional(
    v.pipe(v.string(), v.regex(MONTH_PATTERN, 'Must be a month as YYYY-MM, from 1970-01 on.')),
  ),
  limit: wholeListLimit,
  cursor,
});

export const handler = billingHttp(
  { path, query, responses: { 200: usage } },
  async ({ principal, guard, path, query, event, baseUrl }) => {
    const customer = await authorizedCustomer(guard, path.customer_id);
    const month = query.month ?? pragueMonthOf(new Date());
    const charges = await ledger.chargesOfMonth(customer.customer_id, month);
    // The total is the whole month's; the items are paged by settlement (newest first), like a list.
    const page = await listPage(event, principal, baseUrl, query.cursor);
    const { values, next } = sortedPage(charges, {
      limit: query.limit,
      after: page.after,
      sortKey: (charge) => charge.settled_at,
      id: (charge) => charge.job_id,
    });
    return page.answer(
      {
        month,
        currency: 'EUR',
        total: formatMoney(sumMoney(charges.map((charge) => charge.amount))),
        items: values.map(({ month: _month, amount, ...item }) => ({ ...item, amount: formatMoney(amount) })),
      },
      next,
    );
  },
);
