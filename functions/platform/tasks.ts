import { type Access, WRITES_EXPORT_FILES } from './routes.ts';

/**
 * The task table, beside the route table (routes.ts) and in its words: the task Lambdas that state
 * machines call, keyed by the substitution name their ASL uses: `"Resource": "${AnalyseSiteArn}"`
 * (or `"FunctionName": "${AnalyseSiteArn}"` under
 * `arn:aws:states:::lambda:invoke`) runs `functions/tasks/<module>.ts`. The jobs stack builds one
 * function per entry that some ASL file names, and refuses to synthesize an ASL placeholder missing
 * here. Plain data, no CDK imports, so the local runner can map the same names to the same handlers.
 */
export interface TaskFunction {
  /** Module under functions/tasks/, without extension; it exports `handler`. */
  module: string;
  /** Lambda's hard limit is 900. */
  timeoutSeconds: number;
  memoryMB: number;
  /** The buckets the task touches; the table is always read-write for tasks. */
  buckets: { data?: Access; exports?: Access };
  /**
   * A fan-out task: its reserved concurrency is the stage's `crawlFanOutConcurrency`, so all jobs
   * of a stage together never crawl with more Lambdas than that (each job's Map already limits
   * itself per shop), and they cannot take the account's concurrency from the API.
   */
  fanOut?: true;
  /** Why the task's minified bundle may weigh more than 300 KB (lib/bundling.ts); absent, a test holds it to the limit. */
  bundleOverLimit?: string;
  /**
   * The task may render pages in Chromium: it runs in the browser's container image
   * (lib/browser-function.ts), whose memory and size are its own, not `memoryMB`'s.
   */
  browser?: true;
  /** The task crawls a project's shop, so it opens the project's crawl proxy (CRAWL_PROXY_SECRET_ID). */
  crawls?: true;
}

// The crawler's HTTP client with per-host pools and the SSRF-checking dispatcher, and its HTML parser.
const CRAWLS =
  'Crawls shops: undici (about 520 KB) is the crawler’s HTTP client, cheerio with its entities its HTML parser.';

export const taskFunctions: Readonly<Record<string, TaskFunction>> = {
  // The analysis compares served with rendered pages, and training reads a website as it is read.
  AnalyseWebsiteFunctionArn: {
    module: 'analyse-website',
    crawls: true,
    timeoutSeconds: 900,
    memoryMB: 1024,
    buckets: {},
    bundleOverLimit: CRAWLS,
    browser: true,
  },
  TrainWebsiteFunctionArn: {
    module: 'train-website',
    crawls: true,
    timeoutSeconds: 900,
    memoryMB: 1536,
    buckets: {},
    bundleOverLimit: CRAWLS,
    browser: true,
  },
  FailJobFunctionArn: { module: 'fail-job', timeoutSeconds: 60, memoryMB: 256, buckets: {} },
  // A website read with a browser may show its product links only once rendered.
  PlanScrapeFunctionArn: {
    module: 'plan-scrape',
    crawls: true,
    timeoutSeconds: 900,
    memoryMB: 1024,
    buckets: { data: 'RW' },
    bundleOverLimit: CRAWLS,
    browser: true,
  },
  ScrapeBatchFunctionArn: {
    module: 'scrape-batch',
    crawls: true,
    timeoutSeconds: 900,
    memoryMB: 1024,
    buckets: { data: 'RW' },
    bundleOverLimit: CRAWLS,
    fanOut: true,
  },
  // The batches of a website read with a browser (the scrape lane's Map chooses by the plan).
  ScrapeBatchInBrowserFunctionArn: {
    module: 'scrape-batch',
    crawls: true,
    timeoutSeconds: 900,
    memoryMB: 1024,
    buckets: { data: 'RW' },
    bundleOverLimit: CRAWLS,
    fanOut: true,
    browser: true,
  },
  SettleScrapeFunctionArn: {
    module: 'settle-scrape',
    timeoutSeconds: 900,
    memoryMB: 1536,
    buckets: { data: 'RW' },
  },
  // Builds the products export files from whole catalogs, the project's file of all websites included.
  FinishScrapeFunctionArn: {
    module: 'finish-scrape',
    timeoutSeconds: 900,
    memoryMB: 1536,
    // RW: it appends the run to the price history.
    buckets: { data: 'RW', exports: 'RW' },
    bundleOverLimit: WRITES_EXPORT_FILES,
  },
  // Reads the catalogs and the pairs' previous states; writes the new states and the job's matches.
  MatchProductsFunctionArn: {
    module: 'match-products',
    timeoutSeconds: 900,
    memoryMB: 2048,
    buckets: { data: 'RW' },
  },
  // One shard of a website pair too large for one function: a reference chunk x a competitor chunk (at most 20,000 x 20,000 products by default).
  MatchShardFunctionArn: {
    module: 'match-shard',
    timeoutSeconds: 900,
    memoryMB: 2048,
    buckets: { data: 'RW' },
  },
  // Reads the shards' results one at a time (and the chunks of the chosen pairs) and the pairs' previous states; writes the new states and the job's matches.
  MergeMatchingShardsFunctionArn: {
    module: 'merge-matching-shards',
    timeoutSeconds: 900,
    memoryMB: 2048,
    buckets: { data: 'RW' },
  },
  SettleMatchingFunctionArn: { module: 'settle-matching', timeoutSeconds: 60, memoryMB: 256, buckets: {} },
  // Builds the matches and price_comparison files and counts the project's overlap.
  FinishMatchingFunctionArn: {
    module: 'finish-matching',
    timeoutSeconds: 900,
    memoryMB: 1536,
    buckets: { data: 'RO', exports: 'RW' },
    bundleOverLimit: WRITES_EXPORT_FILES,
  },
  // One attempt of a webhook delivery: at most WEBHOOK_ATTEMPT_TIMEOUT_SECONDS (30 at most) of it is the POST.
  AttemptWebhookDeliveryFunctionArn: {
    module: 'attempt-webhook-delivery',
    timeoutSeconds: 60,
    memoryMB: 256,
    buckets: {},
    bundleOverLimit:
      'POSTs through undici (about 520 KB) with the SSRF-guarded connector, as the crawler fetches: a capped answer, no redirects.',
  },
};

/** The lane that delivers webhook events, which the tasks of every other lane may start. */
export const EVENT_LANE = 'webhook-delivery';

/** Run every hour by an EventBridge schedule, when the module exists: expires idle jobs, finishes held work (price history, webhook rounds). */
export const IDLE_JOB_SWEEPER_MODULE = 'sweep-idle-jobs';

/** Run every few minutes by an EventBridge rule: starts the due runs of schedules, when the module exists. */
export const SCHEDULE_RUNNER_MODULE = 'run-schedules';
