import { type CustomerAction, customerAccessProblem, type Principal } from '#core/access-policy';
import { type Customer, customerFacts } from '#store/customers';

/** The customer, when the caller may do the action there; otherwise the policy's problem is thrown. */
export async function authorizedCustomer(
  principal: Principal,
  customerId: string,
  action: CustomerAction,
): Promise<Customer> {
  const facts = await customerFacts(principal.userId, customerId);
  const problem = customerAccessProblem(principal, facts, action);
  if (problem || !facts.customer) throw problem;
  return facts.customer;
}
