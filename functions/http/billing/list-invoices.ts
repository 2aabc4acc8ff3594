import * as v from 'valibot';
import { authorizedCustomer } from '#accounts/authorized-customer';
import { accounting } from '#billing/invoicing-services';
import { cursor, id, wholeListLimit } from '#platform/request-fields';
import { listPage } from '../list-page.ts';
import { billingHttp, INVOICING_OUTAGE } from './billing-http.ts';
import { invoice } from './billing-responses.ts';

const query = v.object({ limit: wholeListLimit, cursor });

const path = v.object({ customer_id: id });

export const handler = billingHttp(
  { path, query, responses: { 200: v.array(invoice) } },
  async ({ principal, guard, path, query, event, baseUrl }) => {
    const customer = await authorizedCustomer(guard, path.customer_id);
    const page = await listPage(event, principal, baseUrl, query.cursor);
    const { invoices, next } = await accounting().listInvoices(customer.customer_id, {
      limit: query.limit,
      after: page.after,
    });
    return page.answer(invoices, next);
  },
  INVOICING_OUTAGE,
);
