import * as v from 'valibot';
import { authorizedCustomerRole } from '#accounts/authorized-customer';
import { ledger } from '#billing/ledger-services';
import { pragueMonthOf } from '#core/prague-month';
import { id } from '#platform/request-fields';
import { http } from '../http.ts';
import { customerRecord } from './customer-record.ts';
import { customer } from './customer-responses.ts';

const path = v.object({ customer_id: id });

export const handler = http({ path, responses: { 200: customer } }, async ({ guard, path, answer }) => {
  const { customer, role } = await authorizedCustomerRole(guard, path.customer_id);
  return answer(
    200,
    customerRecord(
      customer,
      role,
      await ledger.monthlyUsage(customer.customer_id, pragueMonthOf(new Date())),
    ),
  );
});
