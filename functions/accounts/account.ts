import type { CustomerRole, KeyScope } from '#core/access-policy';
import { newId } from '#core/ids';
import { DEFAULT_QUOTAS, type Quotas } from './quotas.ts';

/** The records of accounts: who pays (customers), who acts (users) and how they call (API keys). */
export interface Customer {
  customer_id: string;
  name: string;
  managed: boolean;
  quotas: Quotas;
  projects_used: number;
  created_at: string;
}

/** A customer a user belongs to, with the user's role there. */
export interface Membership {
  customer_id: string;
  name: string;
  role: CustomerRole;
  managed: boolean;
}

export interface User {
  user_id: string;
  name: string;
  email: string;
  created_at: string;
}

/** An API key as its owner lists it: never the key itself, only its last characters. */
export interface ApiKeyRecord {
  key_id: string;
  name: string | null;
  scope: KeyScope;
  project_id: string | null;
  key_suffix: string;
  created_at: string;
  last_used_at: string | null;
}

/** A key just created: the one answer that holds the key itself. */
export interface CreatedApiKey {
  api_key: string;
  key_id: string;
  scope: KeyScope;
  name: string | null;
  project_id: string | null;
  key_suffix: string;
  created_at: string;
}

/** A new customer with the default quotas, granted the stage's free analyses a month. */
export function newCustomer(
  input: { name: string; managed: boolean },
  freeAnalysesPerMonth: number,
  now: string,
): Customer {
  return {
    customer_id: newId('cus'),
    name: input.name,
    managed: input.managed,
    quotas: { ...DEFAULT_QUOTAS, free_analyses_per_month: freeAnalysesPerMonth },
    projects_used: 0,
    created_at: now,
  };
}
