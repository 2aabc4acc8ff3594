import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { taskFunctions } from '#platform/tasks';
import { REPO_ROOT } from '../../lib/bundling.ts';
import { stageConfigs } from '../../lib/stage-config.ts';
import { aslErrors, resourcesOf, statementsOf, synthStage } from './synth-stage.ts';

/** The repository's own ASL files, as `npm run synth` deploys them. */
describe('the lanes in state-machines/', () => {
  const directory = join(REPO_ROOT, 'state-machines');
  const files = readdirSync(directory).filter((file) => file.endsWith('.asl.json'));

  it('are valid ASL once their placeholders are Lambda ARNs', () => {
    for (const file of files) expect(aslErrors(join(directory, file)), file).toBe('');
  });

  it('synthesize with every placeholder wired to the task function functions/platform/tasks.ts names', () => {
    const { jobs } = synthStage('dev');
    if (files.length === 0) return;
    if (!jobs) throw new Error('ASL files exist but no jobs stack was made');
    const template = Template.fromStack(jobs);
    const machines = resourcesOf(template, 'AWS::StepFunctions::StateMachine');
    expect(machines.map(([, machine]) => machine.Properties.StateMachineName).sort()).toEqual(
      files.map((file) => `pds-dev-${file.replace('.asl.json', '')}`).sort(),
    );
    for (const [, machine] of machines) {
      const substitutions = machine.Properties.DefinitionSubstitutions as Record<
        string,
        { 'Fn::GetAtt': [string, string] }
      >;
      for (const [placeholder, arn] of Object.entries(substitutions)) {
        const fn = template.toJSON().Resources[arn['Fn::GetAtt'][0]];
        expect(fn.Properties.Description).toBe(`Task ${taskFunctions[placeholder]?.module} of the job lanes`);
      }
    }
  });

  it('names the crawl-proxy key to the tasks that crawl, and lets only those read it', () => {
    const { jobs } = synthStage('dev');
    if (!jobs) return;
    const template = Template.fromStack(jobs);
    const crawling = new Set(
      Object.values(taskFunctions)
        .filter((task) => task.crawls)
        .map((task) => `Task ${task.module} of the job lanes`),
    );
    expect(crawling.size).toBeGreaterThan(0);
    for (const [id, fn] of resourcesOf(template, 'AWS::Lambda::Function')) {
      const description = String(fn.Properties.Description);
      const environment = fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined;
      const named = JSON.stringify(environment?.Variables?.CRAWL_PROXY_SECRET_ID ?? null);
      const reads = statementsOf(template, id).some((statement) =>
        JSON.stringify(statement.Resource ?? '').includes('CrawlProxyKey'),
      );
      expect(named.includes('CrawlProxyKey'), description).toBe(crawling.has(description));
      expect(reads, description).toBe(crawling.has(description));
    }
  });

  it('caps the crawl fan-out at the stage’s reserved concurrency, and only the fan-out', () => {
    const { jobs } = synthStage('dev');
    if (!jobs) return;
    const functions = resourcesOf(Template.fromStack(jobs), 'AWS::Lambda::Function');
    const reserved = Object.fromEntries(
      functions
        .filter(([, fn]) => fn.Properties.ReservedConcurrentExecutions !== undefined)
        .map(([, fn]) => [fn.Properties.Description, fn.Properties.ReservedConcurrentExecutions]),
    );
    const fanOut = Object.values(taskFunctions).filter((task) => task.fanOut);
    expect(fanOut.length).toBeGreaterThan(0);
    expect(reserved).toEqual(
      Object.fromEntries(
        fanOut.map((task) => [
          `Task ${task.module} of the job lanes`,
          stageConfigs.dev.crawlFanOutConcurrency,
        ]),
      ),
    );
  });

  it('match the shards of a large website pair in the matching lane’s DISTRIBUTED Map, merged after it', () => {
    const lane = JSON.parse(readFileSync(join(directory, 'matching.asl.json'), 'utf8'));
    const map = lane.States.MatchShards;
    expect(map).toMatchObject({
      Type: 'Map',
      ItemsPath: '$.match.shards',
      ItemProcessor: { ProcessorConfig: { Mode: 'DISTRIBUTED' }, StartAt: 'MatchShard' },
      Next: 'MergeShards',
    });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the lane's ASL holds its placeholders literally
    expect(map.ItemProcessor.States.MatchShard.Resource).toBe('${MatchShardFunctionArn}');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the lane's ASL holds its placeholders literally
    expect(lane.States.MergeShards.Resource).toBe('${MergeMatchingShardsFunctionArn}');
    const { jobs } = synthStage('dev');
    if (!jobs) throw new Error('ASL files exist but no jobs stack was made');
    const template = Template.fromStack(jobs);
    const [[, matching] = []] = resourcesOf(template, 'AWS::StepFunctions::StateMachine').filter(
      ([, machine]) => machine.Properties.StateMachineName === 'pds-dev-matching',
    );
    const substitutions = matching?.Properties.DefinitionSubstitutions as Record<
      string,
      { 'Fn::GetAtt': [string, string] }
    >;
    for (const placeholder of ['MatchShardFunctionArn', 'MergeMatchingShardsFunctionArn']) {
      const fn = template.toJSON().Resources[substitutions[placeholder]?.['Fn::GetAtt'][0] ?? ''];
      expect(fn.Properties.Description).toBe(`Task ${taskFunctions[placeholder]?.module} of the job lanes`);
      expect(fn.Properties.MemorySize).toBe(taskFunctions[placeholder]?.memoryMB);
    }
    // The Map's items run as child executions of the lane itself.
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'states:StartExecution',
            Resource: { 'Fn::Join': ['', Match.arrayWith([':stateMachine:pds-dev-matching'])] },
          }),
        ]),
      },
    });
  });
});
