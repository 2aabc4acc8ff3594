import * as v from 'valibot';
import { customerAccessProblem } from '#core/access-policy';
import { pragueMonthOf } from '#core/prague-month';
import { json } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { customerFacts } from '#store/customers';
import { monthlyUsage } from '#store/monthly-usage';
import { http } from '../http.ts';
import { customerRecord } from './customer-record.ts';
import { customer } from './customer-responses.ts';

const path = v.object({ customer_id: id });

export const handler = http({ path, responses: { 200: customer } }, async ({ principal, path }) => {
  const facts = await customerFacts(principal.userId, path.customer_id);
  const problem = customerAccessProblem(principal, facts, 'READ_CUSTOMER');
  if (problem || !facts.customer || !facts.role) throw problem;
  return json(
    200,
    customerRecord(
      facts.customer,
      facts.role,
      await monthlyUsage(facts.customer.customer_id, pragueMonthOf(new Date())),
    ),
  );
});
