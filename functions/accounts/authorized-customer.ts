import { type CustomerRole, customerAccessProblem } from '#core/access-policy';
import type { RouteGuard } from '#core/route-guard';
import type { Customer } from './account.ts';
import { customerStore } from './account-services.ts';

/** The customer and the caller's role there, when the caller may do the route's action; otherwise the policy's problem is thrown. */
export async function authorizedCustomerRole(
  guard: RouteGuard,
  customerId: string,
): Promise<{ customer: Customer; role: CustomerRole }> {
  const facts = await customerStore.facts(guard.principal.userId, customerId);
  const problem = customerAccessProblem(guard.principal, facts, guard.customerAction());
  if (problem || !facts.customer || !facts.role) throw problem;
  guard.pass();
  return { customer: facts.customer, role: facts.role };
}

/** The customer, when the caller may do the route's action there; otherwise the policy's problem is thrown. */
export async function authorizedCustomer(guard: RouteGuard, customerId: string): Promise<Customer> {
  return (await authorizedCustomerRole(guard, customerId)).customer;
}
