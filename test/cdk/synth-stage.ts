import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type AppProps } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll } from 'vitest';
import type { ApiStack } from '../../lib/api-stack.ts';
import { addProductDataStacks, type JobsOverrides } from '../../lib/product-data-app.ts';
import type { Stage } from '../../lib/stage-config.ts';

/** Lanes shaped like the real ones (a DISTRIBUTED Map included), over stand-in task modules. */
export const FIXTURE_JOBS: JobsOverrides = {
  dirs: { stateMachinesDir: 'test/cdk/fixtures/state-machines', tasksDir: 'test/cdk/fixtures/tasks' },
  taskFunctions: {
    FetchPageArn: { module: 'fetch-page', timeoutSeconds: 300, memoryMB: 1024, buckets: { data: 'RW' } },
    FailJobArn: { module: 'fail-job', timeoutSeconds: 30, memoryMB: 256, buckets: {} },
  },
};

/**
 * Where the test file's apps synthesize, removed when its tests end: an app without an output folder
 * writes a `cdk.out*` folder into the system's temporary folder and leaves it there.
 */
const synthRoot = mkdtempSync(join(tmpdir(), 'pds-cdk-test-'));
afterAll(() => rmSync(synthRoot, { recursive: true, force: true }));

/** A folder of its own for one synthesis (one app, or one run of the CDK app). */
export const synthFolder = () => mkdtempSync(join(synthRoot, 'app-'));

/** A CDK app that synthesizes into a folder of its own under the test file's temporary one. */
export const testApp = (props: AppProps = {}) => new App({ ...props, outdir: synthFolder() });

/**
 * A stage's stacks without bundling any asset (esbuild is what makes `npm run synth` take seconds);
 * the repository's lanes unless `jobs` points elsewhere.
 */
export function synthStage(stage: Stage, jobs?: JobsOverrides) {
  return addProductDataStacks(testApp({ context: { 'aws:cdk:bundling-stacks': [] } }), stage, jobs);
}

/**
 * The API stack and its nested route stacks as one template, so a test finds a route's function, its
 * role's policies and its integration wherever the route's area put them.
 */
export function apiTemplate(api: ApiStack): Template {
  const [parent, ...nested] = [api, ...api.routeGroups].map((stack) => Template.fromStack(stack).toJSON());
  return Template.fromJSON({
    ...parent,
    Resources: Object.assign({}, parent?.Resources, ...nested.map((template) => template.Resources)),
  });
}

export interface CfnResource {
  Type: string;
  Properties: Record<string, unknown>;
  DeletionPolicy?: string;
}

export interface PolicyStatement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

export function resourcesOf(template: Template, type: string): [string, CfnResource][] {
  return Object.entries(template.findResources(type) as Record<string, CfnResource>);
}

export const actionsOf = (statement: PolicyStatement) =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

/** Every statement of every policy attached to the role of the function `functionId`. */
export function statementsOf(template: Template, functionId: string): PolicyStatement[] {
  const fn = template.toJSON().Resources[functionId] as CfnResource;
  const [roleId] = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
  return resourcesOf(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => (policy.Properties.Roles as unknown[]).some((role) => isRef(role, roleId)))
    .flatMap(
      ([, policy]) => (policy.Properties.PolicyDocument as { Statement: PolicyStatement[] }).Statement,
    );
}

export const isRef = (value: unknown, logicalId: string) =>
  typeof value === 'object' && value !== null && (value as { Ref?: string }).Ref === logicalId;

/** The logical id of the single function whose description is `description`. */
export function functionId(template: Template, description: string): string {
  const found = resourcesOf(template, 'AWS::Lambda::Function').filter(
    ([, fn]) => fn.Properties.Description === description,
  );
  if (found.length !== 1) throw new Error(`${found.length} functions described as ${description}`);
  return (found[0] as [string, CfnResource])[0];
}

type AslValidator = (definition: unknown) => { isValid: boolean; errorsText: (separator?: string) => string };
const aslValidator = createRequire(import.meta.url)('asl-validator') as AslValidator;

/** asl-validator's complaints about an ASL file once each placeholder is a Lambda ARN; '' when valid. */
export function aslErrors(path: string): string {
  const text = readFileSync(path, 'utf8').replace(
    /\$\{(\w+)\}/g,
    (_, name: string) => `arn:aws:lambda:eu-central-1:123456789012:function:${name}`,
  );
  const result = aslValidator(JSON.parse(text));
  return result.isValid ? '' : result.errorsText('\n');
}
