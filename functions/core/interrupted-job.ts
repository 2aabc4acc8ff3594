import { isFinal, type JobStatus, type JobType } from './lanes.ts';

/**
 * What a restarted local service does with a job it finds unfinished: its lane ran in the process
 * that stopped, so nothing moves the job on unless the restart does.
 * - `RESUME`: the lane's first task picks the job up where it is (every task re-enters the status it
 *   moves the job into), so the lane is started again.
 * - `FAIL`: the lane's first task would not pick it up (the settlement and the export come after
 *   it), so the job is ended FAILED, which releases its hold (or charges a settlement already made,
 *   once, as the lane's own failure path does).
 * - `WAIT`: no lane runs the job (it awaits the user's approval), so the restart leaves it alone.
 */
export type RestartAction = 'RESUME' | 'FAIL' | 'WAIT';

const RESUMABLE: Record<JobType, readonly JobStatus[]> = {
  WEBSITE_SETUP: ['CREATED', 'ANALYZING', 'ESTIMATE_READY', 'TRAINING'],
  FULL_SCRAPE: ['APPROVED', 'RUNNING'],
  URL_SCRAPE: ['APPROVED', 'RUNNING'],
  MATCHING: ['APPROVED', 'RUNNING'],
};

export function afterRestart(jobType: JobType, status: JobStatus): RestartAction | null {
  if (isFinal(status)) return null;
  if (status === 'AWAITING_APPROVAL') return 'WAIT';
  return RESUMABLE[jobType].includes(status) ? 'RESUME' : 'FAIL';
}
