import * as v from 'valibot';
import { authorizedCustomer } from '#access/authorized-customer';
import { accounting } from '#billing/invoicing';
import { json } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { billingHttp, INVOICING_OUTAGE } from './billing-http.ts';
import { invoice } from './billing-responses.ts';

const path = v.object({ customer_id: id });

export const handler = billingHttp(
  { path, responses: { 200: v.array(invoice) } },
  async ({ principal, path }) => {
    const customer = await authorizedCustomer(principal, path.customer_id, 'READ_BILLING');
    return json(200, await accounting.listInvoices(customer.customer_id));
  },
  INVOICING_OUTAGE,
);
