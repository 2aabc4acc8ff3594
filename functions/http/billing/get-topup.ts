import * as v from 'valibot';
import { authorizedCustomer } from '#accounts/authorized-customer';
import { paymentProvider, topups } from '#billing/billing-services';
import { id, sessionId } from '#platform/request-fields';
import { billingHttp } from './billing-http.ts';
import { topupStatus } from './billing-responses.ts';

const path = v.object({ customer_id: id, session_id: sessionId });

export const handler = billingHttp(
  { path, responses: { 200: topupStatus } },
  async ({ guard, path, baseUrl, answer }) => {
    const customer = await authorizedCustomer(guard, path.customer_id);
    const { provider } = await paymentProvider(baseUrl);
    return answer(200, await topups().status(provider, customer.customer_id, path.session_id));
  },
);
