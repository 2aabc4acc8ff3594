import * as v from 'valibot';
import { authorizedCustomer } from '#accounts/authorized-customer';
import { paymentProvider, topups } from '#billing/billing-services';
import { topupAmount, topupCurrency } from '#billing/topup-amount';
import { NotFound } from '#core/problem';
import { jobStore } from '#jobs/job-services';
import { id } from '#platform/request-fields';
import { billingHttp } from './billing-http.ts';
import { startedTopup } from './billing-responses.ts';

const path = v.object({ customer_id: id });
const body = v.strictObject({
  amount: v.union([v.pipe(v.string(), v.maxLength(32)), v.number()], 'Must be a decimal string or a number.'),
  currency: v.optional(v.pipe(v.string(), v.maxLength(8))),
  job_id: v.optional(v.nullable(id)),
});

export const handler = billingHttp(
  { path, body, responses: { 201: startedTopup } },
  async ({ guard, path, body, baseUrl, answer }) => {
    const customer = await authorizedCustomer(guard, path.customer_id);
    const amountCents = topupAmount(body.amount, customer.quotas);
    const currency = topupCurrency(body.currency);
    const jobId = body.job_id ?? null;
    if (jobId && (await jobStore().get(jobId))?.customer_id !== customer.customer_id)
      throw NotFound('JOB_NOT_FOUND', 'No such job in the projects of this customer.');
    const { provider, returnUrl } = await paymentProvider(baseUrl);
    const started = await topups().start(provider, {
      customerId: customer.customer_id,
      amountCents,
      currency,
      jobId,
      successUrl: returnUrl,
      cancelUrl: returnUrl,
    });
    return answer(201, started);
  },
);
