import { isFinal, type JobStatus } from './lanes.ts';

/**
 * Whether a job in `status` is one its lane is running: every unfinished status but the wait for
 * the user's approval. After a restart of a service whose lanes ran in its own process (the local
 * stack), nothing moves such a job on unless its lane is started again. Every lane's first task
 * picks a job up in any of these statuses (the setup's analysis skips to the training, a scrape's
 * plan and a matching's match skip to the settlement), so starting the lane again resumes it.
 */
export function interruptedByRestart(status: JobStatus): boolean {
  return !isFinal(status) && status !== 'AWAITING_APPROVAL';
}
