import { type App, CfnResource, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { enforceResourceBudget, resourceCount, STACK_RESOURCE_BUDGET } from '../../lib/resource-budget.ts';
import { synthStage, testApp } from './synth-stage.ts';

describe('the resource budget of each stack', () => {
  it('keeps every stack of a stage, nested ones included, under 450 resources, as synthesized from the repository', () => {
    const stacks = synthStage('prod');
    const counts = Object.fromEntries(
      [stacks.data, stacks.jobs, stacks.api, ...stacks.api.routeGroups, stacks.console].flatMap((stack) =>
        stack ? [[stack.node.path, resourceCount(stack)] as const] : [],
      ),
    );
    // Routes live in nested stacks by area; the API stack itself keeps only what all routes share.
    expect(stacks.api.routeGroups.length).toBeGreaterThan(1);
    for (const [name, count] of Object.entries(counts))
      expect(count, name).toBeLessThan(STACK_RESOURCE_BUDGET);
    // The count is that of the template CloudFormation receives.
    const app = stacks.api.node.root as App;
    const synthesized = app.synth().getStackByName(stacks.api.stackName).template as {
      Resources: object;
    };
    expect(Object.keys(synthesized.Resources)).toHaveLength(counts[stacks.api.node.path] as number);
  }, 300_000);

  it('refuses to synthesize a stack that reaches the budget, naming its count', () => {
    const app = testApp();
    const stack = new Stack(app, 'pds-test-crowded');
    for (let index = 0; index < 12; index += 1)
      new CfnResource(stack, `Topic${index}`, { type: 'AWS::SNS::Topic' });
    enforceResourceBudget(stack, 12);
    expect(() => app.synth()).toThrow(/pds-test-crowded holds 12 resources, at or over the budget of 12/);
  });

  it('lets a stack just under the budget through', () => {
    const app = testApp();
    const stack = new Stack(app, 'pds-test-roomy');
    for (let index = 0; index < 11; index += 1)
      new CfnResource(stack, `Topic${index}`, { type: 'AWS::SNS::Topic' });
    enforceResourceBudget(stack, 12);
    expect(() => app.synth()).not.toThrow();
  });
});
