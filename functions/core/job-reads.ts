import type { StoredJob } from './job-record.ts';

/**
 * What a capability below `jobs` reads of the job records (exports: a URL scrape job's file), in
 * the kernel beside the record so those readers take it as an argument; the entries hand in
 * `jobStore()` (`jobs/job-services.ts`), which is one.
 */
export interface JobReads {
  get<Extra extends object = object>(jobId: string): Promise<StoredJob<Extra> | null>;
}
