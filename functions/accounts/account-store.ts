import type { CustomerFacts, CustomerRole, Principal } from '#core/access-policy';
import type { PageRequest, QueryPage } from '#store/query-page';
import type { ApiKeyRecord, Customer, Membership, User } from './account.ts';
import type { Quotas } from './quotas.ts';

/**
 * Where accounts are kept: what the account use cases, authentication and the operator's commands
 * need of a store, in their words. A failed condition is a problem from the catalogue or null here,
 * never a storage error.
 */
export interface CustomerStore {
  /** Writes a new customer. */
  create(customer: Customer): Promise<void>;
  get(customerId: string): Promise<Customer | null>;
  /** Changes the given quotas; 404 CUSTOMER_NOT_FOUND when there is no such customer. */
  changeQuotas(customerId: string, changes: Partial<Quotas>): Promise<Customer>;
  /** Adds the user to the customer, or changes the user's role there. */
  putMember(customerId: string, userId: string, role: CustomerRole): Promise<void>;
  /** What the access policy needs to know about a caller and a customer, in one read. */
  facts(userId: string, customerId: string): Promise<CustomerFacts & { customer: Customer | null }>;
  /** The customers the user belongs to, with the user's role in each. */
  membershipsOf(userId: string): Promise<Membership[]>;
}

export interface UserStore {
  /** Writes a new user; 409 EMAIL_TAKEN when another user holds the e-mail. */
  create(user: User): Promise<void>;
  idByEmail(email: string): Promise<string | null>;
  get(userId: string): Promise<User | null>;
  /** 404 USER_NOT_FOUND when there is no such user. */
  rename(userId: string, name: string): Promise<User>;
}

export interface ApiKeyStore {
  /**
   * Writes a new key of the user, found by its hash when it is used; 400 API_KEY_LIMIT_REACHED when
   * the user holds as many active keys as allowed.
   */
  create(userId: string, key: ApiKeyRecord, keyHash: string): Promise<void>;
  /** Who calls with the key of this hash, or null for no active key. */
  principalByHash(keyHash: string): Promise<Principal | null>;
  /** One page of the user's keys, newest first. */
  page(userId: string, page: PageRequest): Promise<QueryPage<ApiKeyRecord>>;
  /** Revokes the key; its hash, or null when the user has no such key. */
  revoke(userId: string, keyId: string): Promise<string | null>;
  /** Stamps the key's last use; nothing when it was revoked meanwhile. */
  recordUse(userId: string, keyId: string, at: string): Promise<void>;
}
