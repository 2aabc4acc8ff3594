import * as v from 'valibot';
import { authorizedCustomer } from '#accounts/authorized-customer';
import { balanceRecord } from '#billing/balance-record';
import { ledger } from '#billing/ledger-services';
import { id } from '#platform/request-fields';
import { billingHttp } from './billing-http.ts';
import { balance } from './billing-responses.ts';

const path = v.object({ customer_id: id });

export const handler = billingHttp({ path, responses: { 200: balance } }, async ({ guard, path, answer }) => {
  const customer = await authorizedCustomer(guard, path.customer_id);
  return answer(200, balanceRecord(customer.customer_id, await ledger.getBalance(customer.customer_id)));
});
