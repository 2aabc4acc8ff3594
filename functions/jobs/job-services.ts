import { dynamoJobStore } from './dynamo-job-store.ts';
import type { JobStore } from './job-store.ts';

let installed: JobStore | undefined;

/** Puts another store behind the job use cases (the unit tests' in-memory one); undefined restores DynamoDB. */
export function useJobStore(store: JobStore | undefined): void {
  installed = store;
}

/** The job store the use cases get: DynamoDB, unless a test put another in its place. */
export function jobStore(): JobStore {
  return installed ?? dynamoJobStore;
}
