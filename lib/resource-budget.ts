import { CfnResource, Stack } from 'aws-cdk-lib';

/**
 * CloudFormation refuses a template of more than 500 resources. The API stack grows by about five
 * per route (function, role, policy, log group, integration, route, permission), so each stack
 * refuses to synthesize well before that: at 450, there is room left to split it calmly (by
 * concern, or into nested stacks, which CloudFormation counts on their own).
 */
export const STACK_RESOURCE_BUDGET = 450;

/** The resources CloudFormation will count in `stack`'s own template (nested stacks count apart). */
export function resourceCount(stack: Stack): number {
  return stack.node.findAll().filter((node) => node instanceof CfnResource && Stack.of(node) === stack)
    .length;
}

/** Fails synthesis of `stack`, naming its count, once it holds the budget or more. */
export function enforceResourceBudget(stack: Stack, budget = STACK_RESOURCE_BUDGET): void {
  stack.node.addValidation({
    validate: () => {
      const count = resourceCount(stack);
      return count >= budget
        ? [
            `${stack.node.path} holds ${count} resources, at or over the budget of ${budget} (CloudFormation's limit is 500): split it by concern or move routes into nested stacks`,
          ]
        : [];
    },
  });
}
