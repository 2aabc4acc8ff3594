import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_ACTION_ROLES,
  CUSTOMER_ROLES,
  type CustomerAction,
  customerAccessProblem,
  PROJECT_ACTION_ROLES,
  PROJECT_ROLES,
  type Principal,
  type ProjectAction,
  projectAccessProblem,
} from './access-policy.ts';

const principal = fc.record<Principal>({
  userId: fc.constant('usr_1'),
  keyId: fc.constant('key_1'),
  scope: fc.constantFrom('USER', 'PROJECT'),
  projectId: fc.constantFrom(null, 'prj_a', 'prj_b'),
});
const customerAction = fc.constantFrom(...(Object.keys(CUSTOMER_ACTION_ROLES) as CustomerAction[]));
const projectAction = fc.constantFrom(...(Object.keys(PROJECT_ACTION_ROLES) as ProjectAction[]));
const UNREVEALING: ProjectAction[] = ['UPDATE_PROJECT', 'REMOVE_WEBSITE', 'CREATE_PROJECT_KEY'];

describe('customer access (the spec: read customer, billing, create project, top up need OWNER or ADMIN)', () => {
  it('allows exactly OWNER and ADMIN members of a self-service customer with a USER key', () => {
    fc.assert(
      fc.property(
        principal,
        customerAction,
        fc.constantFrom(...CUSTOMER_ROLES, null),
        fc.boolean(),
        fc.boolean(),
        (who, action, role, exists, managed) => {
          const problem = customerAccessProblem(who, { exists, managed, role }, action);
          const allowed =
            who.scope === 'USER' &&
            exists &&
            role !== null &&
            !managed &&
            (role === 'OWNER' || role === 'ADMIN');
          expect(problem === null).toBe(allowed);
        },
      ),
    );
  });

  it('answers PROJECT keys 403 INSUFFICIENT_SCOPE before anything else', () => {
    fc.assert(
      fc.property(
        principal,
        customerAction,
        fc.constantFrom(...CUSTOMER_ROLES, null),
        fc.boolean(),
        fc.boolean(),
        (who, action, role, exists, managed) => {
          const problem = customerAccessProblem(
            { ...who, scope: 'PROJECT' },
            { exists, managed, role },
            action,
          );
          expect(problem).toMatchObject({ status: 403, code: 'INSUFFICIENT_SCOPE' });
        },
      ),
    );
  });

  it('says 404 for an unknown customer, 403 for a non-member, a managed customer or a MEMBER', () => {
    const user: Principal = { userId: 'u', keyId: 'k', scope: 'USER', projectId: null };
    expect(
      customerAccessProblem(user, { exists: false, managed: false, role: null }, 'READ_CUSTOMER')?.status,
    ).toBe(404);
    expect(
      customerAccessProblem(user, { exists: true, managed: false, role: null }, 'READ_CUSTOMER')?.code,
    ).toBe('NOT_A_MEMBER');
    expect(customerAccessProblem(user, { exists: true, managed: true, role: 'OWNER' }, 'TOP_UP')?.code).toBe(
      'MANAGED_CUSTOMER',
    );
    expect(
      customerAccessProblem(user, { exists: true, managed: false, role: 'MEMBER' }, 'CREATE_PROJECT')?.code,
    ).toBe('INSUFFICIENT_ROLE');
  });
});

describe('project access (the spec: read any role; jobs and support ADMIN or EDITOR; administration ADMIN)', () => {
  const facts = fc.record({
    projectId: fc.constantFrom('prj_a', 'prj_b'),
    exists: fc.boolean(),
    managed: fc.boolean(),
    role: fc.constantFrom(...PROJECT_ROLES, null),
  });

  it('allows an action exactly when the project is visible and the role is in the table', () => {
    fc.assert(
      fc.property(principal, facts, projectAction, (who, project, action) => {
        const visible =
          project.exists &&
          !project.managed &&
          project.role !== null &&
          (who.scope === 'USER' || who.projectId === project.projectId);
        const allowed =
          visible && project.role !== null && PROJECT_ACTION_ROLES[action].includes(project.role);
        expect(projectAccessProblem(who, project, action) === null).toBe(allowed);
      }),
    );
  });

  it('never reveals a project on the three ADMIN-only actions: any refusal is 403 PROJECT_ACCESS_DENIED', () => {
    fc.assert(
      fc.property(principal, facts, fc.constantFrom(...UNREVEALING), (who, project, action) => {
        const problem = projectAccessProblem(who, project, action);
        if (problem) expect(problem).toMatchObject({ status: 403, code: 'PROJECT_ACCESS_DENIED' });
      }),
    );
  });

  it('elsewhere answers an invisible project 404 PROJECT_NOT_FOUND and a missing role 403 INSUFFICIENT_ROLE', () => {
    fc.assert(
      fc.property(
        principal,
        facts,
        projectAction.filter((action) => !UNREVEALING.includes(action)),
        (who, project, action) => {
          const problem = projectAccessProblem(who, project, action);
          if (!problem) return;
          const visible =
            project.exists &&
            !project.managed &&
            project.role !== null &&
            (who.scope === 'USER' || who.projectId === project.projectId);
          expect(problem.code).toBe(visible ? 'INSUFFICIENT_ROLE' : 'PROJECT_NOT_FOUND');
        },
      ),
    );
  });

  it('gives a PROJECT key of project A the same answer for project B as for an inaccessible project', () => {
    const keyOfA: Principal = { userId: 'u', keyId: 'k', scope: 'PROJECT', projectId: 'prj_a' };
    const projectB = { projectId: 'prj_b', exists: true, managed: false, role: 'ADMIN' as const };
    const inaccessible = { projectId: 'prj_c', exists: true, managed: false, role: null };
    expect(projectAccessProblem(keyOfA, projectB, 'READ')).toEqual(
      projectAccessProblem(keyOfA, inaccessible, 'READ'),
    );
  });
});
