import * as v from 'valibot';
import { authorizedCustomer } from '#accounts/authorized-customer';
import { accounting } from '#billing/invoicing-services';
import { binary } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { billingHttp, INVOICING_OUTAGE } from './billing-http.ts';

const path = v.object({ customer_id: id, invoice_id: id });

export const handler = billingHttp(
  { path, responses: { 200: { mediaType: 'application/pdf' } } },
  async ({ guard, path }) => {
    const customer = await authorizedCustomer(guard, path.customer_id);
    const pdf = await accounting().renderInvoicePdf(customer.customer_id, path.invoice_id);
    return binary('application/pdf', pdf, {
      'content-disposition': `inline; filename="invoice-${path.invoice_id}.pdf"`,
    });
  },
  INVOICING_OUTAGE,
);
