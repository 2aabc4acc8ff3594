import type { StoredJob } from '#core/job-record';
import type { JobStatus } from '#core/lanes';
import type { WebhookEventType } from '#core/webhook-events';
import { type EventContent, publishEvents } from '#webhooks/webhook-events';
import { jobView } from './job-view.ts';

/** The states a job is announced in, beyond its creation. */
const EVENT_OF_STATUS: Partial<Record<JobStatus, WebhookEventType>> = {
  AWAITING_APPROVAL: 'job.awaiting_approval',
  COMPLETED: 'job.completed',
  FAILED: 'job.failed',
  CANCELLED: 'job.cancelled',
};

const statusEvent = (job: StoredJob): EventContent | null => {
  const type = EVENT_OF_STATUS[job.status];
  return type ? { type, data: { job: jobView(job) } } : null;
};

const present = (events: readonly (EventContent | null)[]) =>
  events.filter((event): event is EventContent => event !== null);

/**
 * Announces a job that reached a new status, when that status is one API consumers are told of,
 * then `also`: what came of it (files, changes), published together with it.
 */
export async function announceJob(job: StoredJob, ...also: (EventContent | null)[]): Promise<void> {
  await publishEvents(job.project_id, present([statusEvent(job), ...also]));
}

/** Announces a new job: `job.created`, then its first status when that is announced (a quote to approve). */
export async function announceNewJob(job: StoredJob): Promise<void> {
  await publishEvents(
    job.project_id,
    present([{ type: 'job.created', data: { job: jobView(job) } }, statusEvent(job)]),
  );
}

/**
 * The event of export files a job wrote: `export.ready` with the datasets, so a consumer asks for
 * their links (GET /exports/{dataset}/url) once they are there.
 */
export function exportReady(job: StoredJob, datasets: readonly string[]): EventContent {
  return { type: 'export.ready', data: { job_id: job.job_id, website_id: job.website_id, datasets } };
}
