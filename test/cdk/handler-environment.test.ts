import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SECRETS, SETTINGS, type SecretName, type SettingName } from '#platform/config';
import { routeKey, routes } from '#platform/routes';
import { IDLE_JOB_SWEEPER_MODULE, SCHEDULE_RUNNER_MODULE, taskFunctions } from '#platform/tasks';
import { REPO_ROOT } from '../../lib/bundling.ts';
import { laneArnVariable } from '../../lib/jobs-stack.ts';
import { apiTemplate, FIXTURE_JOBS, functionId, synthStage } from './synth-stage.ts';

interface VariablesRead {
  required: Set<string>;
  optional: Set<string>;
}

/**
 * The environment variables each entry's module graph reads by name. A module that requires one at
 * import fails every cold start of a function lacking it, which only a deployed stage would show.
 */
async function variablesRead(entries: string[]): Promise<Map<string, VariablesRead>> {
  const { metafile } = await esbuild.build({
    entryPoints: entries.map((entry) => join(REPO_ROOT, entry)),
    absWorkingDir: REPO_ROOT,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: 'variables-read',
    logLevel: 'silent',
  });
  const read = new Map<string, VariablesRead>();
  for (const output of Object.values(metafile.outputs)) {
    if (!output.entryPoint) continue;
    const found: VariablesRead = { required: new Set(), optional: new Set() };
    for (const input of Object.keys(output.inputs)) {
      const text = readFileSync(join(REPO_ROOT, input), 'utf8');
      // A secret is read through its id variable where it is deployed.
      for (const [, list] of text.matchAll(/\breadSecrets\(\s*\[([^\]]*)\]/g))
        for (const [, name] of (list ?? '').matchAll(/'([A-Z0-9_]+)'/g))
          found.optional.add(SECRETS[name as SecretName].idSetting);
      for (const [, call, name] of text.matchAll(/\b(setting|needSetting)\(\s*'([A-Z0-9_]+)'/g)) {
        const variable = name as SettingName;
        const required = call === 'needSetting' || SETTINGS[variable].kind === 'required';
        if (!required) found.optional.add(variable);
        else if (!LOCAL_ONLY.has(variable)) found.required.add(variable);
      }
    }
    read.set(output.entryPoint, found);
  }
  return read;
}

/** Set only by the local stack, where a module requires them once another variable chose that branch. */
const LOCAL_ONLY: ReadonlySet<string> = new Set(['MAIL_OUTBOX_DIR']);

const routeEntry = (handler: string) => `functions/http/${handler}.ts`;

describe('the environment of every function', () => {
  const stages = {
    dev: apiTemplate(synthStage('dev', FIXTURE_JOBS).api),
    prod: apiTemplate(synthStage('prod', FIXTURE_JOBS).api),
  };
  const environment = (template: Template, key: string) =>
    (
      template.toJSON().Resources[functionId(template, key)].Properties.Environment as {
        Variables: Record<string, unknown>;
      }
    ).Variables;

  it('sets only variables of the functions’ settings table', () => {
    const { jobs } = synthStage('prod', FIXTURE_JOBS);
    if (!jobs) throw new Error('The fixture stage has no jobs stack');
    for (const template of [...Object.values(stages), Template.fromStack(jobs)]) {
      for (const resource of Object.values(template.findResources('AWS::Lambda::Function'))) {
        const names = Object.keys(resource.Properties.Environment?.Variables ?? {});
        expect(names.filter((name) => name !== 'NODE_OPTIONS' && !(name in SETTINGS))).toEqual([]);
      }
    }
  });

  it('sets every variable a route handler requires, in every stage', async () => {
    const read = await variablesRead([...new Set(routes.map((route) => routeEntry(route.handler)))]);
    for (const route of routes) {
      const required = read.get(routeEntry(route.handler))?.required;
      expect(required, route.handler).toBeDefined();
      for (const template of Object.values(stages)) {
        expect(Object.keys(environment(template, routeKey(route))), routeKey(route)).toEqual(
          expect.arrayContaining([...(required ?? [])]),
        );
      }
    }
  });

  it('names the Stripe secret in prod to every handler that looks for it', async () => {
    // Without it a handler would fall back to the local checkout, where anyone can "pay".
    const read = await variablesRead([...new Set(routes.map((route) => routeEntry(route.handler)))]);
    let readers = 0;
    for (const route of routes) {
      if (!read.get(routeEntry(route.handler))?.optional.has('STRIPE_SECRET_ID')) continue;
      readers += 1;
      expect(environment(stages.prod, routeKey(route)), routeKey(route)).toHaveProperty('STRIPE_SECRET_ID');
    }
    expect(readers).toBeGreaterThan(0);
  });

  it('sets every variable a task requires', async () => {
    const tasks = Object.values(taskFunctions)
      .map((task) => ({ entry: `functions/tasks/${task.module}.ts`, buckets: task.buckets }))
      .filter(({ entry }) => existsSync(join(REPO_ROOT, entry)));
    const sweeper = `functions/tasks/${IDLE_JOB_SWEEPER_MODULE}.ts`;
    const runner = `functions/tasks/${SCHEDULE_RUNNER_MODULE}.ts`;
    const entries = [
      ...tasks.map(({ entry }) => entry),
      ...[sweeper, runner].filter((entry) => existsSync(join(REPO_ROOT, entry))),
    ];
    if (entries.length === 0) return;
    const read = await variablesRead(entries);
    for (const { entry, buckets } of tasks) {
      const given = [
        'TABLE_NAME',
        ...(buckets.data ? ['DATA_BUCKET'] : []),
        ...(buckets.exports ? ['EXPORTS_BUCKET'] : []),
      ];
      expect(given, entry).toEqual(expect.arrayContaining([...(read.get(entry)?.required ?? [])]));
    }
    expect(['TABLE_NAME', 'DATA_BUCKET'], sweeper).toEqual(
      expect.arrayContaining([...(read.get(sweeper)?.required ?? [])]),
    );
    expect(['TABLE_NAME', 'DATA_BUCKET', laneArnVariable('scrape')], runner).toEqual(
      expect.arrayContaining([...(read.get(runner)?.required ?? [])]),
    );
  });
});
