import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeKey, routes } from '#platform/routes';
import { taskFunctions } from '#platform/tasks';
import { laneArnVariable } from '../../lib/jobs-stack.ts';
import type { JobsOverrides } from '../../lib/product-data-app.ts';
import { routeAccess } from '../../lib/route-access.ts';
import {
  actionsOf,
  apiTemplate,
  aslErrors,
  type CfnResource,
  FIXTURE_JOBS,
  functionId,
  resourcesOf,
  statementsOf,
  synthStage,
} from './synth-stage.ts';

const LANES = ['matching', 'scrape', 'website-setup'];

describe('jobs stack', () => {
  const stacks = synthStage('dev', FIXTURE_JOBS);
  if (!stacks.jobs) throw new Error('the fixture lanes make a jobs stack');
  const template = Template.fromStack(stacks.jobs);
  const taskId = (module: string) => functionId(template, `Task ${module} of the job lanes`);
  const machine = (lane: string) => {
    const [found] = resourcesOf(template, 'AWS::StepFunctions::StateMachine').filter(
      ([, machine]) => machine.Properties.StateMachineName === `pds-dev-${lane}`,
    );
    if (!found) throw new Error(`no state machine for ${lane}`);
    return found;
  };

  it('deploys one state machine per ASL file, from the file itself', () => {
    template.resourceCountIs('AWS::StepFunctions::StateMachine', LANES.length);
    for (const lane of LANES) {
      const [, resource] = machine(lane);
      expect(resource.Properties.DefinitionS3Location).toBeDefined();
      expect(resource.Properties.TracingConfiguration).toEqual({ Enabled: true });
    }
  });

  it('substitutes every placeholder with the ARN of the task it names, one function per task', () => {
    expect(machine('website-setup')[1].Properties.DefinitionSubstitutions).toEqual({
      FetchPageArn: { 'Fn::GetAtt': [taskId('fetch-page'), 'Arn'] },
      FailJobArn: { 'Fn::GetAtt': [taskId('fail-job'), 'Arn'] },
    });
    for (const lane of ['scrape', 'matching']) {
      expect(machine(lane)[1].Properties.DefinitionSubstitutions).toEqual({
        FailJobArn: { 'Fn::GetAtt': [taskId('fail-job'), 'Arn'] },
      });
    }
    // Two tasks and the sweeper.
    template.resourceCountIs('AWS::Lambda::Function', 3);
    template.allResourcesProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      TracingConfig: { Mode: 'Active' },
    });
  });

  it('lets each state machine invoke exactly its own tasks', () => {
    for (const lane of LANES) {
      const [, resource] = machine(lane);
      const [roleId] = (resource.Properties.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
      const invoked = resourcesOf(template, 'AWS::IAM::Policy')
        .filter(([, policy]) =>
          (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
        )
        .flatMap(
          ([, policy]) =>
            (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] })
              .Statement,
        )
        .filter((statement) => statement.Action === 'lambda:InvokeFunction')
        .flatMap((statement) => statement.Resource as unknown[])
        .flatMap((resource) => (resource as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']?.[0] ?? []);
      const substituted = Object.values(
        resource.Properties.DefinitionSubstitutions as Record<string, { 'Fn::GetAtt': [string, string] }>,
      ).map((arn) => arn['Fn::GetAtt'][0]);
      expect(new Set(invoked)).toEqual(new Set(substituted));
    }
  });

  it('lets a DISTRIBUTED Map start and watch its child executions', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'states:StartExecution',
            Resource: {
              'Fn::Join': ['', Match.arrayWith([':stateMachine:pds-dev-website-setup'])],
            },
          }),
        ]),
      },
    });
  });

  it('gives tasks the table read-write and only the buckets their entry names', () => {
    const fetchActions = statementsOf(template, taskId('fetch-page')).flatMap(actionsOf);
    expect(fetchActions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 's3:PutObject']));
    const failActions = statementsOf(template, taskId('fail-job')).flatMap(actionsOf);
    expect(failActions).toContain('dynamodb:UpdateItem');
    expect(failActions.filter((action) => action.startsWith('s3:'))).toEqual([]);
  });

  it('sweeps idle jobs every hour, able to stop and read any lane’s executions and write held price history', () => {
    const sweeper = functionId(
      template,
      'Cancels jobs left unapproved past the idle limit; finishes held price history and webhook rounds',
    );
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [sweeper, 'Arn'] } })],
    });
    const variables = (
      template.toJSON().Resources[sweeper] as CfnResource & {
        Properties: { Environment: { Variables: object } };
      }
    ).Properties.Environment.Variables;
    for (const lane of LANES) {
      expect(variables).toHaveProperty(laneArnVariable(lane), { Ref: machine(lane)[0] });
    }
    expect(statementsOf(template, sweeper).flatMap(actionsOf)).toContain('states:StopExecution');
    // It ends a running job whose execution has ended: it may read the executions of every lane.
    const described = JSON.stringify(
      statementsOf(template, sweeper)
        .filter((statement) => actionsOf(statement).includes('states:DescribeExecution'))
        .map((statement) => statement.Resource),
    );
    for (const lane of LANES) {
      expect(described).toContain(`{"Ref":"${machine(lane)[0]}"}`);
      expect(described).toContain('":execution:"');
    }
    // It indexes the open holds from before the index with a pass over the table.
    expect(statementsOf(template, sweeper).flatMap(actionsOf)).toContain('dynamodb:Scan');
    // It writes the price history finished scrapes could not, as their last task does.
    expect(variables).toHaveProperty('DATA_BUCKET');
    expect(statementsOf(template, sweeper).flatMap(actionsOf)).toContain('s3:PutObject');
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description:
        'Cancels jobs left unapproved past the idle limit; finishes held price history and webhook rounds',
      MemorySize: taskFunctions.FinishScrapeFunctionArn?.memoryMB,
      Timeout: taskFunctions.FinishScrapeFunctionArn?.timeoutSeconds,
    });
  });

  it('uses fixture lanes that are valid ASL', () => {
    for (const lane of LANES) {
      expect(aslErrors(`test/cdk/fixtures/state-machines/${lane}.asl.json`), lane).toBe('');
    }
  });

  it('hands each job route the ARNs of its lanes, with start and stop on RW routes', () => {
    const api = apiTemplate(stacks.api);
    for (const route of routes) {
      const lanes = routeAccess(route).lanes;
      if (!lanes) continue;
      const id = functionId(api, routeKey(route));
      // The fixture has the job lanes only; a route's other lanes are bound where they exist.
      const names = lanes.names === 'ALL' ? LANES : lanes.names.filter((name) => LANES.includes(name));
      if (names.length === 0) continue;
      const variables = Object.keys(
        (api.toJSON().Resources[id].Properties.Environment as { Variables: object }).Variables,
      );
      expect(variables).toEqual(expect.arrayContaining(names.map(laneArnVariable)));
      const actions = statementsOf(api, id).flatMap(actionsOf);
      expect(actions.includes('states:StartExecution'), routeKey(route)).toBe(lanes.access === 'RW');
    }
  });
});

describe('jobs stack sources', () => {
  function lanesIn(files: Record<string, string>, overrides: Partial<JobsOverrides> = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'pds-lanes-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return () =>
      synthStage('dev', {
        ...FIXTURE_JOBS,
        dirs: { stateMachinesDir: dir, tasksDir: 'test/cdk/fixtures/tasks' },
        ...overrides,
      });
  }
  const placeholder = (name: string) => `\${${name}}`;
  const task = (resource: string) =>
    JSON.stringify({ StartAt: 'T', States: { T: { Type: 'Task', Resource: resource, End: true } } });

  it('refuses a placeholder that functions/platform/tasks.ts does not list', () => {
    expect(lanesIn({ 'x.asl.json': task(placeholder('CrawlBatchArn')) })).toThrow(
      /x\.asl\.json uses \$\{CrawlBatchArn\}, which functions\/platform\/tasks\.ts does not list/,
    );
  });

  it('refuses a listed task whose module does not exist', () => {
    const build = lanesIn(
      { 'x.asl.json': task(placeholder('GoneArn')) },
      { taskFunctions: { GoneArn: { module: 'gone', timeoutSeconds: 1, memoryMB: 128, buckets: {} } } },
    );
    expect(build).toThrow(/maps \$\{GoneArn\} to test\/cdk\/fixtures\/tasks\/gone\.ts, which does not exist/);
  });

  it('refuses a task integration other than Lambda, whose permissions it would not grant', () => {
    expect(lanesIn({ 'x.asl.json': task('arn:aws:states:::dynamodb:putItem') })).toThrow(
      /arn:aws:states:::dynamodb:putItem is not a Lambda task/,
    );
  });

  it('refuses a file that is not JSON', () => {
    expect(lanesIn({ 'x.asl.json': '{ "StartAt": ' })).toThrow(/x\.asl\.json is not JSON/);
  });

  it('makes no jobs stack while there is no lane and no sweeper', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-empty-'));
    const stacks = synthStage('dev', { dirs: { stateMachinesDir: dir, tasksDir: dir } });
    expect(stacks.jobs).toBeUndefined();
    expect(stacks.api.routeFunctions.size).toBe(routes.length);
  });
});
