import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { jobStore } from '#jobs/job-services';
import { releaseStaleHolds } from '#jobs/release-stale-holds';
import { resumeInterruptedJobs } from '#jobs/resume-interrupted-jobs';
import { isSet, type SettingName, setting } from '#platform/config';
import { logInfo } from '#platform/log';
import { startApiServer } from './api-server.ts';
import { createTable } from './create-table.ts';
import { startDynamoDbLocal } from './dynamodb-local.ts';
import { startIdleSweeper } from './idle-sweeper.ts';
import { startS3Fake } from './s3-fake.ts';
import { startScheduleRunner } from './schedule-runner.ts';
import { seedDemo } from './seed-demo.ts';
import { startLocalLanes } from './state-machine-runner.ts';

/** The per-key rate limit of `npm start` unless set: generous, so local bursts are never refused. */
const LOCAL_RATE_LIMIT = { perSecond: 1_000, burst: 10_000 };

export interface StackOptions {
  /** API port; 0 picks a free one. */
  port: number;
  /** Keeps DynamoDB and S3 data between runs; in memory / a temp dir when absent. */
  dataDir?: string;
  tableName?: string;
  /** Engines already running (the test suite shares one DynamoDB Local and S3 fake). */
  engines?: { dynamodbEndpoint: string; s3Endpoint: string };
  seed?: boolean;
}

export interface RunningStack {
  baseUrl: string;
  port: number;
  tableName: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  buckets: { data: string; exports: string };
  demo: { userId: string; apiKey: string } | null;
  stop(): Promise<void>;
}

/**
 * The key that seals projects' crawl proxies: kept beside the data it opens, so a proxy set before a
 * restart still opens after it; a stack without a data folder forgets both together.
 */
async function crawlProxyKey(dataDir: string | undefined): Promise<string> {
  if (!dataDir) return randomBytes(32).toString('base64url');
  const file = join(dataDir, 'crawl-proxy.key');
  const kept = await readFile(file, 'utf8').catch(() => '');
  if (kept.trim() !== '') return kept.trim();
  const key = randomBytes(32).toString('base64url');
  await writeFile(file, key, { mode: 0o600 });
  return key;
}

export const LOCAL_BUCKETS = { data: 'pds-data-local', exports: 'pds-exports-local' };

/**
 * The whole service on one machine: DynamoDB Local, the S3 fake, the table and buckets, and the API
 * server running the same handlers as Lambda. The environment plays the Lambda's: it is set before
 * the first handler runs, and each reads its settings from it on first use.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  if (dataDir) await mkdir(join(dataDir, 'dynamodb'), { recursive: true });
  const stoppers: (() => Promise<void>)[] = [];
  try {
    let engines = options.engines;
    if (!engines) {
      const [dynamo, s3] = await Promise.all([
        startDynamoDbLocal({ dataDir: dataDir && join(dataDir, 'dynamodb') }),
        startS3Fake({ buckets: Object.values(LOCAL_BUCKETS), dataDir: dataDir && join(dataDir, 's3') }),
      ]);
      stoppers.push(dynamo.stop, s3.stop);
      engines = { dynamodbEndpoint: dynamo.endpoint, s3Endpoint: s3.endpoint };
    }
    const tableName = options.tableName ?? 'product-data-local';
    await createTable(engines.dynamodbEndpoint, tableName);
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
      S3_ENDPOINT: engines.s3Endpoint,
      DATA_BUCKET: LOCAL_BUCKETS.data,
      EXPORTS_BUCKET: LOCAL_BUCKETS.exports,
      CRAWL_ALLOWED_HOSTS: setting('CRAWL_ALLOWED_HOSTS') ?? '127.0.0.1',
      MAIL_OUTBOX_DIR: setting('MAIL_OUTBOX_DIR') ?? join(dataDir ?? join(process.cwd(), '.local'), 'outbox'),
      // One developer's scripts and test clients share the local key; a stage's limits are its own.
      ...(isSet('RATE_LIMIT_PER_SECOND')
        ? {}
        : { RATE_LIMIT_PER_SECOND: String(LOCAL_RATE_LIMIT.perSecond) }),
      ...(isSet('RATE_LIMIT_BURST') ? {} : { RATE_LIMIT_BURST: String(LOCAL_RATE_LIMIT.burst) }),
      // Cursors sign with this; a fresh key per start only ends paging that began before a restart.
      ...(isSet('CURSOR_SIGNING_KEY') ? {} : { CURSOR_SIGNING_KEY: randomBytes(32).toString('base64url') }),
      ...(isSet('CRAWL_PROXY_KEY') ? {} : { CRAWL_PROXY_KEY: await crawlProxyKey(dataDir) }),
    } satisfies Partial<Record<SettingName, string>>);
    const demo = options.seed === false ? null : await seedDemo(dataDir);
    const lanes = startLocalLanes();
    stoppers.unshift(lanes.stopAll);
    // Jobs the table holds unfinished were run by a stopped process, since this stack's engines are
    // its own; on shared engines (the test suite's) they belong to the other stacks still running.
    if (!options.engines) {
      const resumption = await resumeInterruptedJobs();
      if (resumption.resumed.length + resumption.failed.length > 0)
        logInfo('interrupted jobs after a restart', { ...resumption });
      const holdsClosed = await releaseStaleHolds({
        openJobs: await jobStore().open(),
        goneJobWaitMs: setting('JOB_STRANDED_RUN_SECONDS') * 1000,
      });
      if (holdsClosed.length > 0) logInfo('stale holds closed after a restart', { holdIds: holdsClosed });
    }
    const sweeper = await startIdleSweeper();
    stoppers.unshift(sweeper.stop);
    const scheduleRunner = await startScheduleRunner();
    stoppers.unshift(scheduleRunner.stop);
    const api = await startApiServer(options.port);
    stoppers.unshift(api.stop);
    return {
      baseUrl: api.baseUrl,
      port: api.port,
      tableName,
      ...engines,
      buckets: LOCAL_BUCKETS,
      demo,
      stop: () => stopAll(stoppers),
    };
  } catch (error) {
    await stopAll(stoppers);
    throw error;
  }
}

async function stopAll(stoppers: (() => Promise<void>)[]): Promise<void> {
  for (const stop of stoppers) await stop().catch(() => undefined);
}
