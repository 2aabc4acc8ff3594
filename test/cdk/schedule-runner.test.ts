import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { laneArnVariable } from '../../lib/jobs-stack.ts';
import {
  actionsOf,
  type CfnResource,
  functionId,
  resourcesOf,
  statementsOf,
  synthStage,
} from './synth-stage.ts';

describe('schedule runner', () => {
  const { jobs } = synthStage('dev');
  if (!jobs) throw new Error('the repository lanes make a jobs stack');
  const template = Template.fromStack(jobs);
  const runner = functionId(template, 'Starts the due runs of schedules');
  const fn = template.toJSON().Resources[runner] as CfnResource & {
    Properties: { Environment: { Variables: Record<string, unknown> }; DeadLetterConfig: unknown };
  };

  it('is invoked by one EventBridge rule every 5 minutes, retried, with failed ticks in a dead-letter queue', () => {
    const rules = resourcesOf(template, 'AWS::Events::Rule').filter(([, rule]) =>
      JSON.stringify(rule.Properties.Targets).includes(runner),
    );
    expect(rules).toHaveLength(1);
    const deadLetters = fn.Properties.DeadLetterConfig as { TargetArn: { 'Fn::GetAtt': [string, string] } };
    const [queueId] = deadLetters.TargetArn['Fn::GetAtt'];
    expect(template.toJSON().Resources[queueId].Type).toBe('AWS::SQS::Queue');
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [runner, 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 2 },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } },
        }),
      ],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [runner, 'Arn'] },
      Principal: 'events.amazonaws.com',
    });
  });

  it('reads and writes the table, writes URL lists to the data bucket and starts only the scrape and webhook lanes', () => {
    const actions = statementsOf(template, runner).flatMap(actionsOf);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 's3:PutObject']));
    const machine = (name: string) =>
      (resourcesOf(template, 'AWS::StepFunctions::StateMachine').find(
        ([, each]) => each.Properties.StateMachineName === name,
      ) ?? [''])[0];
    const starts = statementsOf(template, runner).filter((statement) =>
      actionsOf(statement).includes('states:StartExecution'),
    );
    expect(starts.map((statement) => statement.Resource)).toEqual([
      { Ref: machine('pds-dev-scrape') },
      { Ref: machine('pds-dev-webhook-delivery') },
    ]);
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining([
        'TABLE_NAME',
        'DATA_BUCKET',
        laneArnVariable('scrape'),
        laneArnVariable('webhook-delivery'),
      ]),
    );
    expect(Object.keys(fn.Properties.Environment.Variables)).not.toContain(laneArnVariable('matching'));
  });

  it('alarms on its errors and on its first dead letter', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: runner } }],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp('tick of the schedule runner failed past its retries'),
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
    });
  });
});
