import {
  CUSTOMER_ACTION_ROLES,
  type CustomerAction,
  type Principal,
  type ProjectAction,
} from './access-policy.ts';

/**
 * A request's access check as the HTTP factory hands it to the handler: the caller, and the policy
 * action the route's row in the route table names. The `authorized*` checks take the action from
 * here, so no handler spells it, and mark the guard passed, so the factory can refuse an answer that
 * no check let through.
 */
export class RouteGuard {
  readonly principal: Principal;
  readonly #action: CustomerAction | ProjectAction | undefined;
  readonly #route: string;
  #passed = false;

  constructor(principal: Principal, action: CustomerAction | ProjectAction | undefined, route: string) {
    this.principal = principal;
    this.#action = action;
    this.#route = route;
  }

  /** The route's action, which must be a customer one. */
  customerAction(): CustomerAction {
    const action = this.#action;
    if (action && Object.hasOwn(CUSTOMER_ACTION_ROLES, action)) return action as CustomerAction;
    throw new Error(`Route ${this.#route} checks a customer but its row names ${action ?? 'no action'}`);
  }

  /** The route's action, which must be a project one. */
  projectAction(): ProjectAction {
    const action = this.#action;
    if (action && !Object.hasOwn(CUSTOMER_ACTION_ROLES, action)) return action as ProjectAction;
    throw new Error(`Route ${this.#route} checks a project but its row names ${action ?? 'no action'}`);
  }

  /** Called by a check once the policy allowed the action. */
  pass(): void {
    this.#passed = true;
  }

  get passed(): boolean {
    return this.#passed;
  }
}
