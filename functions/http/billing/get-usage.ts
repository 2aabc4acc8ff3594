import * as v from 'valibot';
import { authorizedCustomer } from '#access/authorized-customer';
import { chargesOfMonth } from '#billing/usage';
import { formatMoney, sumMoney } from '#core/money';
import { MONTH_PATTERN, pragueMonthOf } from '#core/prague-month';
import { json } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { billingHttp } from './billing-http.ts';
import { usage } from './billing-responses.ts';

const path = v.object({ customer_id: id });
const query = v.object({
  month: v.optional(
    v.pipe(v.string(), v.regex(MONTH_PATTERN, 'Must be a month as YYYY-MM, from 1970-01 on.')),
  ),
});

export const handler = billingHttp(
  { path, query, responses: { 200: usage } },
  async ({ principal, path, query }) => {
    const customer = await authorizedCustomer(principal, path.customer_id, 'READ_BILLING');
    const month = query.month ?? pragueMonthOf(new Date());
    const charges = await chargesOfMonth(customer.customer_id, month);
    return json(200, {
      month,
      currency: 'EUR',
      total: formatMoney(sumMoney(charges.map((charge) => charge.amount))),
      items: charges.map(({ month: _month, amount, ...item }) => ({ ...item, amount: formatMoney(amount) })),
    });
  },
);
