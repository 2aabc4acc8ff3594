import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { LOCAL_BUCKETS } from '#local/start-stack';
import { ledgerInvariantBreaches } from './ledger-invariants.ts';

// Runs before each integration test file is imported: handlers and stores read these at import time,
// so they must be set before the file's own imports run. Each file gets a table of its own.
const engines = inject('engines');
Object.assign(process.env, {
  TABLE_NAME: `test-${randomUUID()}`,
  DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
  S3_ENDPOINT: engines.s3Endpoint,
  DATA_BUCKET: LOCAL_BUCKETS.data,
  EXPORTS_BUCKET: LOCAL_BUCKETS.exports,
  MAIL_OUTBOX_DIR: join(tmpdir(), `pds-outbox-${randomUUID()}`),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  // Tests send bursts no client would; rate-limits.test.ts sets a small per-key limit of its own.
  RATE_LIMIT_PER_SECOND: '10000',
  RATE_LIMIT_BURST: '100000',
  CURSOR_SIGNING_KEY: randomUUID(),
  CRAWL_PROXY_KEY: randomUUID(),
});

// After every file, when its stack has stopped (hooks after run in reverse, so this one runs last):
// every customer's ledger holds its invariants, whatever the file's money tests did. The table and
// engine are the ones chosen here, even where a file pointed the environment elsewhere meanwhile.
const ledgerTable = { endpoint: engines.dynamodbEndpoint, table: process.env.TABLE_NAME as string };
afterAll(async () => {
  expect(await ledgerInvariantBreaches(ledgerTable.endpoint, ledgerTable.table)).toEqual([]);
});
