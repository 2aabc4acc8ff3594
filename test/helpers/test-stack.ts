import { inject } from 'vitest';
import { type RunningStack, startStack } from '#local/start-stack';
import { setting } from '#platform/config';

/** Starts this test file's API on the run's shared engines, with the table integration-env chose. */
export function startTestStack(): Promise<RunningStack> {
  return startStack({ port: 0, engines: inject('engines'), tableName: setting('TABLE_NAME') });
}
