import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ArnFormat, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { LANE_ARN_SETTING, type SettingName } from '#platform/config';
import {
  EVENT_LANE,
  IDLE_JOB_SWEEPER_MODULE,
  SCHEDULE_RUNNER_MODULE,
  type TaskFunction,
  taskFunctions,
} from '#platform/tasks';
import { addAlarm } from './alarm.ts';
import { BrowserFunction } from './browser-function.ts';
import { REPO_ROOT } from './bundling.ts';
import { constructId } from './construct-id.ts';
import { grantCrawlProxyKey } from './function-access.ts';
import { ServiceFunction } from './service-function.ts';
import { type Stage, type StageConfig, serviceEnvironment } from './stage-config.ts';

export interface JobsStackProps extends StackProps {
  stage: Stage;
  config: StageConfig;
  table: ITable;
  dataBucket: IBucket;
  exportsBucket: IBucket;
  alarmTopic: ITopic;
  /** Opens projects' crawl proxies, for the tasks that crawl. */
  crawlProxyKey: ISecret;
  sources: JobSources;
  taskFunctions?: Readonly<Record<string, TaskFunction>>;
}

/** Where the lanes' ASL files and task modules live, relative to the repository root (or absolute). */
export interface JobSourceDirs {
  stateMachinesDir: string;
  tasksDir: string;
}

export const REPOSITORY_JOB_SOURCES: JobSourceDirs = {
  stateMachinesDir: 'state-machines',
  tasksDir: 'functions/tasks',
};

/** One lane's ASL file and what it asks of the stack. */
export interface LaneFile {
  /** The file name without `.asl.json`: `website-setup`. */
  lane: string;
  path: string;
  placeholders: string[];
  distributedMap: boolean;
}

/** What the jobs stack deploys; nothing at all until the first ASL file or the sweeper exists. */
export interface JobSources {
  tasksDir: string;
  lanes: LaneFile[];
  /** The sweeper's entry, relative to the repository root, when the module exists. */
  sweeperEntry: string | undefined;
  /** The schedule runner's entry, relative to the repository root, when the module exists. */
  runnerEntry: string | undefined;
}

export function findJobSources(dirs: JobSourceDirs = REPOSITORY_JOB_SOURCES): JobSources {
  const entry = (module: string) => {
    const path = join(dirs.tasksDir, `${module}.ts`);
    return existsSync(resolve(REPO_ROOT, path)) ? path : undefined;
  };
  return {
    tasksDir: dirs.tasksDir,
    lanes: readLanes(resolve(REPO_ROOT, dirs.stateMachinesDir)),
    sweeperEntry: entry(IDLE_JOB_SWEEPER_MODULE),
    runnerEntry: entry(SCHEDULE_RUNNER_MODULE),
  };
}

/** The variable that carries a lane's state machine ARN, from the functions' own settings table. */
export function laneArnVariable(lane: string): SettingName {
  const name = LANE_ARN_SETTING[lane as keyof typeof LANE_ARN_SETTING];
  if (!name) throw new Error(`No setting carries the state machine ARN of lane ${lane}: add it to SETTINGS`);
  return name;
}

const LAMBDA_INVOKE = /^arn:aws:states:::lambda:invoke(\.waitForTaskToken)?$/;
const PLACEHOLDER = /^\$\{\w+\}$/;

/** Every `Resource` of the definition, nested Parallel branches and Map processors included. */
function* resources(node: unknown): Generator<string> {
  if (Array.isArray(node)) for (const item of node) yield* resources(item);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Resource' && typeof value === 'string') yield value;
      else yield* resources(value);
    }
  }
}

function readLane(path: string, lane: string): LaneFile {
  const text = readFileSync(path, 'utf8');
  let definition: unknown;
  try {
    definition = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not JSON: ${(error as Error).message}`);
  }
  for (const resource of resources(definition)) {
    // The stack grants exactly what Lambda tasks need; another integration needs its own grant here.
    if (!PLACEHOLDER.test(resource) && !LAMBDA_INVOKE.test(resource))
      throw new Error(
        `${path}: task resource ${resource} is not a Lambda task; add its permissions to the jobs stack`,
      );
  }
  return {
    lane,
    path,
    placeholders: [...new Set(Array.from(text.matchAll(/\$\{(\w+)\}/g), (match) => match[1] as string))],
    distributedMap: /"Mode"\s*:\s*"DISTRIBUTED"/.test(text),
  };
}

function readLanes(directory: string): LaneFile[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((file) => file.endsWith('.asl.json'))
    .sort()
    .map((file) => readLane(join(directory, file), file.slice(0, -'.asl.json'.length)));
}

/**
 * The job lanes: one Step Functions state machine per `state-machines/*.asl.json`, deployed from the
 * same file the local runner executes, with each `${...Arn}` placeholder substituted by the task
 * Lambda that functions/platform/tasks.ts names; the hourly sweeper of idle jobs; and the runner of due
 * schedules every 5 minutes.
 */
export class JobsStack extends Stack {
  /** Lane name (the ASL file name without `.asl.json`) to its state machine. */
  readonly lanes = new Map<string, sfn.StateMachine>();
  /** Sweeps that failed past every retry; absent without the sweeper. */
  sweeperDeadLetters: sqs.Queue | undefined;
  /** Ticks of the schedule runner that failed past every retry; absent without the runner. */
  runnerDeadLetters: sqs.Queue | undefined;
  private readonly tasks = new Map<string, ServiceFunction | BrowserFunction>();

  constructor(
    scope: Construct,
    id: string,
    private readonly props: JobsStackProps,
  ) {
    super(scope, id, props);
    const { config, stage } = props;
    for (const file of props.sources.lanes) {
      const name = `pds-${stage}-${file.lane}`;
      const taskFns = file.placeholders.map(
        (placeholder) => [placeholder, this.task(placeholder, file)] as const,
      );
      const machine = new sfn.StateMachine(this, `${constructId(file.lane)}StateMachine`, {
        stateMachineName: name,
        definitionBody: sfn.DefinitionBody.fromFile(file.path),
        definitionSubstitutions: Object.fromEntries(
          taskFns.map(([placeholder, fn]) => [placeholder, fn.functionArn]),
        ),
        tracingEnabled: true,
        logs: {
          destination: new logs.LogGroup(this, `${constructId(file.lane)}Logs`, {
            // The vendedlogs prefix keeps CloudWatch's resource policy from outgrowing its size limit.
            logGroupName: `/aws/vendedlogs/states/${name}`,
            retention: config.logRetention,
            removalPolicy: config.removalPolicy,
          }),
          level: sfn.LogLevel.ERROR,
        },
      });
      for (const [, fn] of taskFns) fn.grantInvoke(machine);
      if (file.distributedMap) this.allowChildExecutions(machine, name);
      this.alarmOnExecutions(file.lane, machine);
      this.lanes.set(file.lane, machine);
    }

    this.letTasksPublishEvents();
    this.scheduleIdleJobSweeper();
    this.scheduleScheduleRunner();
  }

  /**
   * A lane records a job's failure before its Fail state, and cancelling a job stops its execution,
   * so single failed or aborted executions are expected; a run of them is not. A timeout never is.
   */
  private alarmOnExecutions(lane: string, machine: sfn.StateMachine): void {
    const id = constructId(lane);
    const outcomes = [
      ['Failed', machine.metricFailed(), 5],
      ['Aborted', machine.metricAborted(), 10],
      ['TimedOut', machine.metricTimedOut(), 1],
    ] as const;
    for (const [outcome, metric, threshold] of outcomes)
      addAlarm(this, `${id}Executions${outcome}Alarm`, {
        topic: this.props.alarmTopic,
        description: `Lane ${lane}: ${threshold} or more executions ${outcome} within an hour`,
        metric,
        threshold,
        period: Duration.hours(1),
      });
  }

  /**
   * Any task of a job lane may end its job, which publishes a webhook event: recording the event's
   * deliveries and starting the event lane's executions (functions/store/webhook-events.ts).
   */
  private letTasksPublishEvents(): void {
    const events = this.lanes.get(EVENT_LANE);
    if (!events) return;
    // A task shared with a job lane publishes too, whatever other lane also uses it.
    const publishers = new Set(
      this.props.sources.lanes
        .filter((file) => file.lane !== EVENT_LANE)
        .flatMap((file) => file.placeholders),
    );
    for (const placeholder of publishers)
      this.tasks.get(placeholder)?.bindStateMachine(events, laneArnVariable(EVENT_LANE), 'RW');
  }

  private task(placeholder: string, file: LaneFile): ServiceFunction | BrowserFunction {
    const existing = this.tasks.get(placeholder);
    if (existing) return existing;
    const spec = (this.props.taskFunctions ?? taskFunctions)[placeholder];
    if (!spec)
      throw new Error(
        `${file.path} uses \${${placeholder}}, which functions/platform/tasks.ts does not list`,
      );
    const { config, dataBucket, exportsBucket } = this.props;
    const id = `${constructId(placeholder.replace(/Arn$/, ''))}Task`;
    const common = {
      description: `Task ${spec.module} of the job lanes`,
      timeout: Duration.seconds(spec.timeoutSeconds),
      logRetention: config.logRetention,
      removalPolicy: config.removalPolicy,
      environment: serviceEnvironment(config),
      reservedConcurrency: spec.fanOut ? config.crawlFanOutConcurrency : undefined,
    };
    const entry = this.taskEntry(spec.module, placeholder);
    const fn = (
      spec.browser
        ? new BrowserFunction(this, id, { ...common, module: spec.module })
        : new ServiceFunction(this, id, { ...common, entry, memorySize: spec.memoryMB })
    ).bindTable(this.props.table, 'RW');
    if (spec.buckets.data) fn.bindBucket(dataBucket, 'DATA_BUCKET', spec.buckets.data);
    if (spec.buckets.exports) fn.bindBucket(exportsBucket, 'EXPORTS_BUCKET', spec.buckets.exports);
    if (spec.crawls) grantCrawlProxyKey(fn, this.props.crawlProxyKey);
    // Lanes retry a failed task; errors that keep coming are an operator's business.
    addAlarm(this, `${constructId(placeholder.replace(/Arn$/, ''))}ErrorsAlarm`, {
      topic: this.props.alarmTopic,
      description: `Task ${spec.module}: 3 or more errors within 15 minutes`,
      metric: fn.metricErrors(),
      threshold: 3,
      period: Duration.minutes(15),
    });
    this.tasks.set(placeholder, fn);
    return fn;
  }

  private taskEntry(module: string, placeholder: string): string {
    const entry = join(this.props.sources.tasksDir, `${module}.ts`);
    if (!existsSync(resolve(REPO_ROOT, entry)))
      throw new Error(
        `functions/platform/tasks.ts maps \${${placeholder}} to ${entry}, which does not exist`,
      );
    return entry;
  }

  /**
   * A DISTRIBUTED Map runs its items as child executions of the same state machine. The ARNs are
   * built from the fixed name, since the machine's own ARN in its role's policy would be a cycle.
   */
  private allowChildExecutions(machine: sfn.StateMachine, name: string): void {
    const arn = (resource: string, resourceName: string) =>
      this.formatArn({ service: 'states', resource, resourceName, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    machine.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['states:StartExecution'], resources: [arn('stateMachine', name)] }),
    );
    machine.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['states:DescribeExecution', 'states:StopExecution'],
        resources: [arn('execution', `${name}/*`)],
      }),
    );
  }

  private scheduleIdleJobSweeper(): void {
    const entry = this.props.sources.sweeperEntry;
    if (!entry) return;
    const { fn: sweeper, deadLetters } = this.periodicFunction({
      id: 'IdleJobSweeper',
      ruleId: 'IdleJobSweepSchedule',
      entry,
      description:
        'Cancels jobs left unapproved past the idle limit; finishes held price history and webhook rounds',
      rate: Duration.hours(1),
      ruleDescription: 'Hourly sweep of idle jobs',
      what: 'The idle-job sweeper',
      failedRun: 'A sweep of idle jobs',
      // It writes the price history a finished scrape could not, as the scrape's last task does.
      like: taskFunctions.FinishScrapeFunctionArn,
    });
    this.sweeperDeadLetters = deadLetters;
    for (const [lane, machine] of this.lanes) sweeper.bindStateMachine(machine, laneArnVariable(lane), 'RW');
    sweeper.bindBucket(this.props.dataBucket, 'DATA_BUCKET', 'RW');
  }

  /**
   * One rule finds the due schedules with a Query of their due-time partition, so a tick costs one
   * read however many schedules exist. A run creates and approves a scrape job as the API does: the
   * runner writes the URL list a URL run needs, reads the catalog a CATALOG_URLS run re-scrapes,
   * starts the scrape lane, and starts webhook deliveries of what it did.
   */
  private scheduleScheduleRunner(): void {
    const entry = this.props.sources.runnerEntry;
    const scrape = this.lanes.get('scrape');
    if (!entry || !scrape) return;
    const { fn: runner, deadLetters } = this.periodicFunction({
      id: 'ScheduleRunner',
      ruleId: 'ScheduleRunSchedule',
      entry,
      description: 'Starts the due runs of schedules',
      rate: Duration.minutes(5),
      ruleDescription: 'Due runs of schedules, every 5 minutes',
      what: 'The schedule runner',
      failedRun: 'A tick of the schedule runner',
    });
    this.runnerDeadLetters = deadLetters;
    runner.bindBucket(this.props.dataBucket, 'DATA_BUCKET', 'RW');
    runner.bindStateMachine(scrape, laneArnVariable('scrape'), 'RW');
    // The jobs it creates and the runs it skips are announced to the project's webhooks.
    const events = this.lanes.get(EVENT_LANE);
    if (events) runner.bindStateMachine(events, laneArnVariable(EVENT_LANE), 'RW');
  }

  /**
   * A function run by an EventBridge rule at a fixed rate, with the table read-write: its failed
   * runs (after the rule's retries) land in a dead-letter queue, and errors and dead letters alarm.
   */
  private periodicFunction(spec: {
    id: string;
    ruleId: string;
    entry: string;
    description: string;
    rate: Duration;
    ruleDescription: string;
    what: string;
    failedRun: string;
    /** Memory and timeout of the task whose work it finishes, where it does; else 512 MB and 5 minutes. */
    like?: TaskFunction;
  }): { fn: ServiceFunction; deadLetters: sqs.Queue } {
    const { config, table, alarmTopic } = this.props;
    const deadLetters = new sqs.Queue(this, `${spec.id}DeadLetters`, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    const fn = new ServiceFunction(this, spec.id, {
      deadLetterQueue: deadLetters,
      entry: spec.entry,
      description: spec.description,
      timeout: spec.like ? Duration.seconds(spec.like.timeoutSeconds) : Duration.minutes(5),
      memorySize: spec.like?.memoryMB,
      logRetention: config.logRetention,
      removalPolicy: config.removalPolicy,
      environment: serviceEnvironment(config),
    }).bindTable(table, 'RW');
    addAlarm(this, `${spec.id}ErrorsAlarm`, {
      topic: alarmTopic,
      description: `${spec.what} failed within the last hour`,
      metric: fn.metricErrors(),
      threshold: 1,
      period: Duration.hours(1),
    });
    new events.Rule(this, spec.ruleId, {
      description: spec.ruleDescription,
      schedule: events.Schedule.rate(spec.rate),
      targets: [new targets.LambdaFunction(fn, { retryAttempts: 2, deadLetterQueue: deadLetters })],
    });
    // The rule's undelivered events and the function's failed asynchronous runs land in the same queue.
    addAlarm(this, `${spec.id}DeadLettersAlarm`, {
      topic: alarmTopic,
      description: `${spec.failedRun} failed past its retries (see the dead-letter queue)`,
      metric: deadLetters.metricApproximateNumberOfMessagesVisible(),
      threshold: 1,
      period: Duration.minutes(5),
    });
    return { fn, deadLetters };
  }
}
