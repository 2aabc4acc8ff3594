import type { ApiKeyStore, CustomerStore, UserStore } from './account-store.ts';
import { dynamoApiKeyStore } from './dynamo-api-key-store.ts';
import { dynamoCustomerStore } from './dynamo-customer-store.ts';
import { dynamoUserStore } from './dynamo-user-store.ts';

/** The account capability's stores, the one place that says which adapters the use cases get. */
export const customerStore: CustomerStore = dynamoCustomerStore;
export const userStore: UserStore = dynamoUserStore;
export const apiKeyStore: ApiKeyStore = dynamoApiKeyStore;
