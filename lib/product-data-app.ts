import { type App, Tags } from 'aws-cdk-lib';
import type { TaskFunction } from '#platform/tasks';
import { ApiStack } from './api-stack.ts';
import { ConsoleStack } from './console-stack.ts';
import { DataStack } from './data-stack.ts';
import { findJobSources, type JobSourceDirs, JobsStack } from './jobs-stack.ts';
import { acknowledgeNagFindings } from './nag-acknowledgements.ts';
import { enforceResourceBudget } from './resource-budget.ts';
import { type Stage, stageConfigs } from './stage-config.ts';

export interface ProductDataStacks {
  data: DataStack;
  /** Absent until there is a lane or the sweeper to deploy. */
  jobs: JobsStack | undefined;
  api: ApiStack;
  console: ConsoleStack;
}

/** Tests point the jobs stack at fixture lanes and tasks instead of the repository's. */
export interface JobsOverrides {
  dirs?: JobSourceDirs;
  taskFunctions?: Readonly<Record<string, TaskFunction>>;
}

/**
 * One stage of the service: the stateful data stack, and the stateless jobs and API stacks that use
 * it. Stack names carry the stage, so stages live side by side in one account.
 */
export function addProductDataStacks(
  app: App,
  stage: Stage,
  jobsOverrides: JobsOverrides = {},
): ProductDataStacks {
  const config = stageConfigs[stage];
  const common = { env: config.env, terminationProtection: config.terminationProtection, stage, config };
  const data = new DataStack(app, `pds-${stage}-data`, {
    ...common,
    description: `Product-data service ${stage}: table and buckets`,
  });
  const resources = {
    table: data.table,
    dataBucket: data.dataBucket,
    exportsBucket: data.exportsBucket,
    alarmTopic: data.alarmTopic,
    crawlProxyKey: data.crawlProxyKey,
  };
  const sources = findJobSources(jobsOverrides.dirs);
  const jobs =
    sources.lanes.length > 0 || sources.sweeperEntry || sources.runnerEntry
      ? new JobsStack(app, `pds-${stage}-jobs`, {
          ...common,
          ...resources,
          sources,
          taskFunctions: jobsOverrides.taskFunctions,
          description: `Product-data service ${stage}: job lanes and their tasks`,
        })
      : undefined;
  const api = new ApiStack(app, `pds-${stage}-api`, {
    ...common,
    ...resources,
    lanes: jobs?.lanes ?? new Map(),
    deadLetters: [
      { title: 'Idle-job sweeper dead letters', queue: jobs?.sweeperDeadLetters },
      { title: 'Schedule runner dead letters', queue: jobs?.runnerDeadLetters },
    ].flatMap(({ title, queue }) => (queue ? [{ title, queue }] : [])),
    description: `Product-data service ${stage}: HTTP API`,
  });
  const consoleStack = new ConsoleStack(app, `pds-${stage}-console`, {
    ...common,
    api: api.api,
    description: `Product-data service ${stage}: the console and the API on one CloudFront origin`,
  });
  for (const stack of [data, jobs, api, ...api.routeGroups, consoleStack]) {
    if (!stack) continue;
    acknowledgeNagFindings(stack);
    enforceResourceBudget(stack);
  }
  Tags.of(app).add('project', 'product-data-service');
  Tags.of(app).add('stage', stage);
  return { data, jobs, api, console: consoleStack };
}
