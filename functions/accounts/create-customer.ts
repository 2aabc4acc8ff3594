import { priceList } from '#platform/stage-services';
import { type Customer, newCustomer } from './account.ts';
import { customerStore } from './account-services.ts';

/** Creates a customer; a stage's price list may grant more (or fewer) free analyses to new customers. */
export async function createCustomer(input: { name: string; managed: boolean }): Promise<Customer> {
  const customer = newCustomer(input, priceList().freeAnalysesPerMonth, new Date().toISOString());
  await customerStore.create(customer);
  return customer;
}
