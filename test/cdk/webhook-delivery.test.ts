import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  actionsOf,
  apiTemplate,
  type CfnResource,
  functionId,
  isRef,
  resourcesOf,
  statementsOf,
  synthStage,
} from './synth-stage.ts';

/** The repository's webhook-delivery lane as `npm run synth` deploys it. */
describe('the webhook-delivery lane', () => {
  const { jobs, api } = synthStage('dev');
  if (!jobs) throw new Error('the repository has lanes, so a jobs stack');
  const jobsTemplate = Template.fromStack(jobs);
  const [machineId, machine] = resourcesOf(jobsTemplate, 'AWS::StepFunctions::StateMachine').find(
    ([, each]) => each.Properties.StateMachineName === 'pds-dev-webhook-delivery',
  ) as [string, CfnResource];
  const startsDeliveries = (template: Template, fnId: string) =>
    statementsOf(template, fnId).some(
      (statement) =>
        actionsOf(statement).includes('states:StartExecution') && isRef(statement.Resource, machineId),
    );
  const environmentOf = (template: Template, fnId: string) =>
    (
      (template.toJSON().Resources[fnId] as CfnResource).Properties.Environment as {
        Variables: Record<string, unknown>;
      }
    ).Variables;

  it('is a state machine whose one task is the delivery attempt, with an alarm on failed executions', () => {
    const substitutions = machine.Properties.DefinitionSubstitutions as Record<string, unknown>;
    expect(Object.keys(substitutions)).toEqual(['AttemptWebhookDeliveryFunctionArn']);
    const alarms = resourcesOf(jobsTemplate, 'AWS::CloudWatch::Alarm').map(
      ([, alarm]) => alarm.Properties.AlarmDescription,
    );
    expect(alarms).toContain('Lane webhook-delivery: 5 or more executions Failed within an hour');
    expect(alarms).toContain('Task attempt-webhook-delivery: 3 or more errors within 15 minutes');
  });

  it('may be started by every task of the job lanes (they publish events), not by its own task', () => {
    const taskIds = resourcesOf(jobsTemplate, 'AWS::Lambda::Function')
      .filter(([, fn]) => String(fn.Properties.Description).startsWith('Task '))
      .map(([id, fn]) => [id, String(fn.Properties.Description)] as const);
    expect(taskIds.length).toBeGreaterThan(5);
    for (const [id, description] of taskIds) {
      const own = description === 'Task attempt-webhook-delivery of the job lanes';
      expect(startsDeliveries(jobsTemplate, id), description).toBe(!own);
      expect(
        Object.hasOwn(environmentOf(jobsTemplate, id), 'WEBHOOK_DELIVERY_STATE_MACHINE_ARN'),
        description,
      ).toBe(!own);
    }
    expect(
      startsDeliveries(
        jobsTemplate,
        functionId(
          jobsTemplate,
          'Cancels jobs left unapproved past the idle limit; finishes held price history and webhook rounds',
        ),
      ),
    ).toBe(true);
  });

  it('is started by the routes whose access column names it, and only by them', () => {
    const routesTemplate = apiTemplate(api);
    const knowsLane = (description: string) =>
      Object.hasOwn(
        environmentOf(routesTemplate, functionId(routesTemplate, description)),
        'WEBHOOK_DELIVERY_STATE_MACHINE_ARN',
      );
    for (const route of [
      'POST /webhooks/{webhook_id}/test',
      'POST /webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
      'POST /jobs/setup',
      'POST /jobs/scraping',
      'POST /jobs/{job_id}/cancel',
    ])
      expect(knowsLane(route), route).toBe(true);
    for (const route of [
      'GET /webhooks',
      'GET /webhooks/{webhook_id}/deliveries',
      'POST /webhooks',
      'DELETE /webhooks/{webhook_id}',
    ])
      expect(knowsLane(route), route).toBe(false);
  });
});
