import { COMMON_JOB_FIELDS, type Job, type StoredJob } from './job-record.ts';

/** The fields of a stored job that the interface shows: the common ones and the lane's own. */
export function publicJob<Extra extends object>(
  job: StoredJob<Extra>,
  laneFields: readonly (keyof Extra)[],
): Job & Partial<Extra> {
  const shown: Record<string, unknown> = {};
  for (const name of [...COMMON_JOB_FIELDS, ...laneFields] as string[]) {
    shown[name] = (job as Record<string, unknown>)[name] ?? null;
  }
  return shown as Job & Partial<Extra>;
}
