import {
  PROJECT_ACTION_ROLES,
  type ProjectAction,
  type ProjectRole,
} from '../../functions/core/access-policy.ts';
import type { Api } from './api.ts';

export interface ConsoleProject {
  project_id: string;
  name: string;
  customer_id: string | null;
  localization: { country: string; currency: string; locale?: string } | null;
  role: ProjectRole;
}

export interface Membership {
  customer_id: string;
  name: string;
  role: 'OWNER' | 'ADMIN' | 'MEMBER';
  managed: boolean;
}

/** What every page knows: the client, who signed in, the projects and the one chosen. */
export interface ConsoleContext {
  api: Api;
  /** USER keys see account, customers and billing; PROJECT keys only their project. */
  scope: 'USER' | 'PROJECT';
  accountName: string | null;
  customers: Membership[];
  projects: ConsoleProject[];
  project: ConsoleProject | null;
  /** Shows another page, or reads the page shown again when `hash` names it. */
  go(hash: string): void;
  refreshProjects(): Promise<void>;
}

/** Whether the signed-in user's role in the chosen project allows the action (the API's own table). */
export function may(context: ConsoleContext, action: ProjectAction): boolean {
  return context.project !== null && PROJECT_ACTION_ROLES[action].includes(context.project.role);
}

/** Customers whose billing and projects the user may manage (OWNER or ADMIN, self-service). */
export function managedCustomers(context: ConsoleContext): Membership[] {
  return context.customers.filter((customer) => !customer.managed && customer.role !== 'MEMBER');
}
