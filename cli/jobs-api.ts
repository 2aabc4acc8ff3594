import { ApiError, bodyOf, type PdsClient } from '../functions/client/pds-client.ts';
import type { Job } from './api-shapes.ts';

export type JobKind = 'setup' | 'scraping' | 'matching';
export const JOB_KINDS: readonly JobKind[] = ['setup', 'scraping', 'matching'];

/** Ended for good, or waiting for the user: watching further would wait forever. */
export const STOP_STATUSES: ReadonlySet<string> = new Set([
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'AWAITING_APPROVAL',
]);

export async function readJob(client: PdsClient, kind: JobKind, jobId: string): Promise<Job> {
  const params = { params: { path: { job_id: jobId } } };
  if (kind === 'setup') return (await bodyOf(client.GET('/jobs/setup/{job_id}', params))) as Job;
  if (kind === 'scraping') return (await bodyOf(client.GET('/jobs/scraping/{job_id}', params))) as Job;
  return (await bodyOf(client.GET('/jobs/matching/{job_id}', params))) as Job;
}

/** A job by its id alone: job ids do not say their lane, so each lane is asked in turn. */
export async function findJob(client: PdsClient, jobId: string): Promise<{ kind: JobKind; job: Job }> {
  let notFound: ApiError | undefined;
  for (const kind of JOB_KINDS) {
    try {
      return { kind, job: await readJob(client, kind, jobId) };
    } catch (error) {
      if (!(error instanceof ApiError) || error.problem.status !== 404) throw error;
      notFound = error;
    }
  }
  throw notFound;
}

export async function approveJob(
  client: PdsClient,
  kind: 'scraping' | 'matching',
  jobId: string,
): Promise<Job> {
  const params = { params: { path: { job_id: jobId } } };
  if (kind === 'scraping')
    return (await bodyOf(client.POST('/jobs/scraping/{job_id}/approve', params))) as Job;
  return (await bodyOf(client.POST('/jobs/matching/{job_id}/approve', params))) as Job;
}

const LIST_PATHS = {
  setup: '/jobs/setup',
  scraping: '/jobs/scraping',
  matching: '/jobs/matching',
} as const;

/** The project's jobs of the given lanes (each lane's newest `limit`), newest first. */
export async function listJobs(
  client: PdsClient,
  projectId: string,
  { kinds = JOB_KINDS, limit }: { kinds?: readonly JobKind[]; limit?: number } = {},
): Promise<Job[]> {
  const query = { project_id: projectId, ...(limit === undefined ? {} : { limit }) };
  const lists = await Promise.all(
    kinds.map((kind) => bodyOf(client.GET(LIST_PATHS[kind], { params: { query } }))),
  );
  return (lists.flat() as Job[]).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export async function cancelJob(client: PdsClient, jobId: string): Promise<Job> {
  return (await bodyOf(client.POST('/jobs/{job_id}/cancel', { params: { path: { job_id: jobId } } }))) as Job;
}
