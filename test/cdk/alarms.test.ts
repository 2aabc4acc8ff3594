import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  apiTemplate,
  type CfnResource,
  FIXTURE_JOBS,
  functionId,
  resourcesOf,
  synthStage,
} from './synth-stage.ts';

const LANES = ['matching', 'scrape', 'website-setup'];
const TO_TOPIC = [Match.objectLike({ 'Fn::ImportValue': Match.stringLikeRegexp('AlarmTopic') })];

describe('alarms and the dashboard', () => {
  const stacks = synthStage('dev', FIXTURE_JOBS);
  if (!stacks.jobs) throw new Error('the fixture lanes make a jobs stack');
  const api = apiTemplate(stacks.api);
  const jobs = Template.fromStack(stacks.jobs);
  const alarms = (template: Template) => resourcesOf(template, 'AWS::CloudWatch::Alarm').map(([, a]) => a);

  it('send every alarm to the stage topic', () => {
    Template.fromStack(stacks.data).hasResourceProperties('AWS::SNS::Topic', { TopicName: 'pds-dev-alarms' });
    api.allResourcesProperties('AWS::CloudWatch::Alarm', { AlarmActions: TO_TOPIC });
    jobs.allResourcesProperties('AWS::CloudWatch::Alarm', { AlarmActions: TO_TOPIC });
  });

  it('alarm on failed, timed-out and aborted executions of each lane', () => {
    const machineIds = Object.fromEntries(
      resourcesOf(jobs, 'AWS::StepFunctions::StateMachine').map(([id, machine]) => [
        machine.Properties.StateMachineName,
        id,
      ]),
    );
    for (const lane of LANES) {
      for (const metricName of ['ExecutionsFailed', 'ExecutionsTimedOut', 'ExecutionsAborted']) {
        jobs.hasResourceProperties('AWS::CloudWatch::Alarm', {
          Namespace: 'AWS/States',
          MetricName: metricName,
          Statistic: 'Sum',
          Dimensions: [{ Name: 'StateMachineArn', Value: { Ref: machineIds[`pds-dev-${lane}`] } }],
        });
      }
    }
  });

  it('send failed sweeps to an encrypted dead-letter queue, and alarm on its first message', () => {
    const sweeper = functionId(
      jobs,
      'Cancels jobs left unapproved past the idle limit; finishes held price history and webhook rounds',
    );
    const queues = resourcesOf(jobs, 'AWS::SQS::Queue');
    expect(queues).toHaveLength(1);
    const [queueId, queue] = queues[0] as [string, CfnResource];
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    const queueArn = { 'Fn::GetAtt': [queueId, 'Arn'] };
    const fn = jobs.toJSON().Resources[sweeper] as CfnResource;
    expect(fn.Properties.DeadLetterConfig).toEqual({ TargetArn: queueArn });
    jobs.hasResourceProperties('AWS::Events::Rule', {
      Targets: [Match.objectLike({ DeadLetterConfig: { Arn: queueArn } })],
    });
    // Only TLS may reach the queue.
    jobs.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    jobs.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
      Threshold: 1,
    });
  });

  it('alarm on failing tasks and a failing sweeper', () => {
    const lambdaErrors = alarms(jobs).filter((alarm) => alarm.Properties.MetricName === 'Errors');
    // Two tasks and the sweeper.
    expect(lambdaErrors).toHaveLength(3);
  });

  it('alarm on the API 5xx count and rate, and on Lambda throttles', () => {
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: '5xx',
      Namespace: 'AWS/ApiGateway',
      Statistic: 'Sum',
    });
    const rate = alarms(api).find((alarm) =>
      (alarm.Properties.Metrics as { Expression?: string }[] | undefined)?.some((metric) =>
        metric.Expression?.includes('failures / requests'),
      ),
    );
    if (!rate) throw new Error('no 5xx rate alarm');
    const inputs = (rate.Properties.Metrics as { MetricStat?: { Metric: { MetricName: string } } }[]).flatMap(
      (metric) => (metric.MetricStat ? [metric.MetricStat.Metric.MetricName] : []),
    );
    expect(inputs.sort()).toEqual(['5xx', 'Count']);
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Throttles',
      Dimensions: Match.absent(),
    });
  });

  it('draw one dashboard per stage with the API, every lane, throttles and dead letters', () => {
    api.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const [, dashboard] = resourcesOf(api, 'AWS::CloudWatch::Dashboard')[0] as [string, CfnResource];
    expect(dashboard.Properties.DashboardName).toBe('pds-dev');
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const title of [
      'API requests and errors',
      ...LANES.map((lane) => `Lane ${lane}`),
      'Lambda throttles',
      'dead letters',
    ])
      expect(body).toContain(title);
  });
});
