import { Forbidden, NotFound, type Problem } from './problem.ts';
import type { ProblemCode } from './problem-catalogue.ts';

/**
 * Who may do what: the spec's role and scope tables, in one place. Every handler asks these
 * functions; none compares roles itself.
 */
export type CustomerRole = 'OWNER' | 'ADMIN' | 'MEMBER';
export type ProjectRole = 'ADMIN' | 'EDITOR' | 'VIEWER';
export type KeyScope = 'USER' | 'PROJECT';

export const CUSTOMER_ROLES: readonly CustomerRole[] = ['OWNER', 'ADMIN', 'MEMBER'];
export const PROJECT_ROLES: readonly ProjectRole[] = ['ADMIN', 'EDITOR', 'VIEWER'];

export interface Principal {
  userId: string;
  keyId: string;
  scope: KeyScope;
  /** The key's project for a PROJECT key, null for a USER key. */
  projectId: string | null;
}

export type CustomerAction = 'READ_CUSTOMER' | 'READ_BILLING' | 'CREATE_PROJECT' | 'TOP_UP';

export const CUSTOMER_ACTION_ROLES: Record<CustomerAction, readonly CustomerRole[]> = {
  READ_CUSTOMER: ['OWNER', 'ADMIN'],
  READ_BILLING: ['OWNER', 'ADMIN'],
  CREATE_PROJECT: ['OWNER', 'ADMIN'],
  TOP_UP: ['OWNER', 'ADMIN'],
};

export type ProjectAction =
  | 'READ'
  | 'OPERATE_JOBS'
  | 'REVIEW_MATCHES'
  | 'MANAGE_SCHEDULES'
  | 'CONTACT_SUPPORT'
  | 'REMOVE_SETUP_JOB'
  | 'UPDATE_PROJECT'
  | 'REMOVE_WEBSITE'
  | 'CREATE_PROJECT_KEY'
  | 'MANAGE_WEBHOOKS';

export const PROJECT_ACTION_ROLES: Record<ProjectAction, readonly ProjectRole[]> = {
  READ: ['ADMIN', 'EDITOR', 'VIEWER'],
  OPERATE_JOBS: ['ADMIN', 'EDITOR'],
  REVIEW_MATCHES: ['ADMIN', 'EDITOR'],
  // A schedule approves its runs' jobs, so managing one is operating jobs.
  MANAGE_SCHEDULES: ['ADMIN', 'EDITOR'],
  CONTACT_SUPPORT: ['ADMIN', 'EDITOR'],
  REMOVE_SETUP_JOB: ['ADMIN'],
  UPDATE_PROJECT: ['ADMIN'],
  REMOVE_WEBSITE: ['ADMIN'],
  CREATE_PROJECT_KEY: ['ADMIN'],
  MANAGE_WEBHOOKS: ['ADMIN'],
};

/**
 * The spec's "instead" rule: these three actions answer 403 PROJECT_ACCESS_DENIED for any project
 * the caller cannot administer, so they never reveal whether a project exists.
 */
const UNREVEALING_ACTIONS: ReadonlySet<ProjectAction> = new Set([
  'UPDATE_PROJECT',
  'REMOVE_WEBSITE',
  'CREATE_PROJECT_KEY',
]);

export interface CustomerFacts {
  exists: boolean;
  managed: boolean;
  /** The caller's role in the customer, null when not a member. */
  role: CustomerRole | null;
}

export interface ProjectFacts {
  projectId: string;
  exists: boolean;
  /** Whether the owning customer is managed by the provider (invisible to self-service). */
  managed: boolean;
  /** The caller's role in the project, null when none. */
  role: ProjectRole | null;
}

/** Account, customer and billing endpoints are closed to PROJECT keys. */
export function scopeProblem(principal: Principal): Problem | null {
  return principal.scope === 'PROJECT'
    ? Forbidden(
        'INSUFFICIENT_SCOPE',
        'A project-scoped API key cannot use account, customer or billing endpoints.',
      )
    : null;
}

export function customerAccessProblem(
  principal: Principal,
  facts: CustomerFacts,
  action: CustomerAction,
): Problem | null {
  const scope = scopeProblem(principal);
  if (scope) return scope;
  if (!facts.exists) return NotFound('CUSTOMER_NOT_FOUND', 'No such customer.');
  if (facts.role === null) return Forbidden('NOT_A_MEMBER', 'You are not a member of this customer.');
  if (facts.managed) {
    return Forbidden('MANAGED_CUSTOMER', 'This customer is managed by the provider; use its export files.');
  }
  if (!CUSTOMER_ACTION_ROLES[action].includes(facts.role)) {
    return Forbidden(
      'INSUFFICIENT_ROLE',
      `This needs the ${CUSTOMER_ACTION_ROLES[action].join(' or ')} customer role.`,
    );
  }
  return null;
}

export function projectAccessProblem(
  principal: Principal,
  facts: ProjectFacts,
  action: ProjectAction,
): Problem | null {
  const visible =
    facts.exists &&
    !facts.managed &&
    facts.role !== null &&
    (principal.scope === 'USER' || principal.projectId === facts.projectId);
  const allowed = visible && facts.role !== null && PROJECT_ACTION_ROLES[action].includes(facts.role);
  if (allowed) return null;
  if (UNREVEALING_ACTIONS.has(action)) {
    return Forbidden('PROJECT_ACCESS_DENIED', 'You cannot administer this project.');
  }
  if (!visible) return NotFound('PROJECT_NOT_FOUND', 'No such project.');
  return Forbidden(
    'INSUFFICIENT_ROLE',
    `This needs the ${PROJECT_ACTION_ROLES[action].join(' or ')} project role.`,
  );
}

/**
 * The problems a check of `action` answers with, for the API reference. A project check's 404 is
 * left to the route: it names the project, or answers the job's or website's own 404 instead.
 */
export function actionProblems(action: CustomerAction | ProjectAction): readonly ProblemCode[] {
  if (Object.hasOwn(CUSTOMER_ACTION_ROLES, action))
    return [
      'INSUFFICIENT_SCOPE',
      'CUSTOMER_NOT_FOUND',
      'NOT_A_MEMBER',
      'MANAGED_CUSTOMER',
      'INSUFFICIENT_ROLE',
    ];
  return UNREVEALING_ACTIONS.has(action as ProjectAction) ? ['PROJECT_ACCESS_DENIED'] : ['INSUFFICIENT_ROLE'];
}

/** A project is listed to a caller when it could at least read it. */
export function canSeeProject(principal: Principal, facts: ProjectFacts): boolean {
  return projectAccessProblem(principal, facts, 'READ') === null;
}
