import { BatchGetCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CustomerFacts, CustomerRole } from '#core/access-policy';
import type { Cents } from '#core/money';
import { NotFound } from '#core/problem';
import { isConditionFailure } from '#store/condition-failure';
import {
  beginsWith,
  customerKey,
  customerMembershipKey,
  customerMembershipsPrefix,
  customerMembersIndex,
} from '#store/keys';
import { queryAll } from '#store/query-all';
import { readWithMembership } from '#store/read-with-membership';
import { dynamo, tableName } from '#store/table-services';
import type { Customer, Membership } from './account.ts';
import type { CustomerStore } from './account-store.ts';
import type { Quotas } from './quotas.ts';

const toCustomer = (item: Record<string, unknown>): Customer => ({
  customer_id: String(item.customer_id),
  name: String(item.name),
  managed: item.managed === true,
  quotas: {
    max_projects: Number(item.max_projects),
    free_analyses_per_month: Number(item.free_analyses_per_month),
    monthly_spend_limit: Number(item.monthly_spend_limit) as Cents,
    topup_min: Number(item.topup_min) as Cents,
    topup_max: Number(item.topup_max) as Cents,
  },
  projects_used: Number(item.projects_used ?? 0),
  created_at: String(item.created_at),
});

async function createCustomer(customer: Customer): Promise<void> {
  const { quotas, ...rest } = customer;
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...customerKey(customer.customer_id), type: 'Customer', ...rest, ...quotas },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

async function getCustomer(customerId: string): Promise<Customer | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: customerKey(customerId), ConsistentRead: true }),
  );
  return Item ? toCustomer(Item) : null;
}

async function setQuotas(customerId: string, changes: Partial<Quotas>): Promise<Customer> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (entries.length === 0) {
    const customer = await getCustomer(customerId);
    if (!customer) throw NotFound('CUSTOMER_NOT_FOUND', 'No such customer.');
    return customer;
  }
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: customerKey(customerId),
        UpdateExpression: `SET ${entries.map(([name]) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toCustomer(Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) throw NotFound('CUSTOMER_NOT_FOUND', 'No such customer.');
    throw error;
  }
}

async function putMembership(customerId: string, userId: string, role: CustomerRole): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...customerMembershipKey(userId, customerId),
        ...customerMembersIndex(customerId, userId),
        type: 'CustomerMembership',
        customer_id: customerId,
        user_id: userId,
        role,
      },
    }),
  );
}

async function customerFacts(
  userId: string,
  customerId: string,
): Promise<CustomerFacts & { customer: Customer | null }> {
  const { entity, role } = await readWithMembership(
    customerKey(customerId),
    customerMembershipKey(userId, customerId),
  );
  const customer = entity ? toCustomer(entity) : null;
  return {
    customer,
    exists: customer !== null,
    managed: customer?.managed ?? false,
    role: role as CustomerRole | null,
  };
}

async function listMemberships(userId: string): Promise<Membership[]> {
  const memberships = await queryAll(beginsWith(customerMembershipsPrefix(userId)));
  if (memberships.length === 0) return [];
  const customers = new Map<string, Customer>();
  for (let i = 0; i < memberships.length; i += 100) {
    const keys = memberships.slice(i, i + 100).map((item) => customerKey(String(item.customer_id)));
    const { Responses } = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }),
    );
    for (const item of Responses?.[tableName()] ?? [])
      customers.set(String(item.customer_id), toCustomer(item));
  }
  return memberships.flatMap((item) => {
    const customer = customers.get(String(item.customer_id));
    return customer
      ? [
          {
            customer_id: customer.customer_id,
            name: customer.name,
            role: item.role as CustomerRole,
            managed: customer.managed,
          },
        ]
      : [];
  });
}

export const dynamoCustomerStore: CustomerStore = {
  create: createCustomer,
  get: getCustomer,
  changeQuotas: setQuotas,
  putMember: putMembership,
  facts: customerFacts,
  membershipsOf: listMemberships,
};
