import type { StoredJob } from '#core/job-record';
import type { JobStatus } from '#core/lanes';
import type { WebhookEventType } from '#core/webhook-events';
import { publishEvent } from '#store/webhook-events';
import { jobView } from './job-view.ts';

/** The states a job is announced in, beyond its creation. */
const EVENT_OF_STATUS: Partial<Record<JobStatus, WebhookEventType>> = {
  AWAITING_APPROVAL: 'job.awaiting_approval',
  COMPLETED: 'job.completed',
  FAILED: 'job.failed',
  CANCELLED: 'job.cancelled',
};

/** Announces a job that reached a new status, when that status is one API consumers are told of. */
export async function announceJob(job: StoredJob): Promise<void> {
  const type = EVENT_OF_STATUS[job.status];
  if (type) await publishEvent(job.project_id, type, { job: jobView(job) });
}

/** Announces a new job: `job.created`, then its first status when that is announced (a quote to approve). */
export async function announceNewJob(job: StoredJob): Promise<void> {
  await publishEvent(job.project_id, 'job.created', { job: jobView(job) });
  await announceJob(job);
}

/**
 * Announces export files a job wrote: `export.ready` with the datasets, so a consumer asks for their
 * links (GET /exports/{dataset}/url) once they are there.
 */
export async function announceExport(job: StoredJob, datasets: readonly string[]): Promise<void> {
  await publishEvent(job.project_id, 'export.ready', {
    job_id: job.job_id,
    website_id: job.website_id,
    datasets,
  });
}
