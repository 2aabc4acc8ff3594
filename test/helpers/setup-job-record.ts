import { newJobRecord, type StoredJob } from '#core/job-record';
import type { JobStatus } from '#core/lanes';

/** A setup job whose analysis costs nothing (the website was known), so ending it touches no ledger. */
export function unpaidSetupJob(jobId: string, status: JobStatus, now = new Date().toISOString()): StoredJob {
  return {
    ...newJobRecord({
      job_id: jobId,
      job_type: 'WEBSITE_SETUP',
      status,
      project_id: 'prj_1',
      website_id: null,
      estimate: null,
      customer_id: 'cus_1',
      locks: [{ lock: 'SETUP', project_id: 'prj_1', website_key: jobId }],
      now,
    }),
    analysis_charge: { kind: 'NONE' },
  } as StoredJob;
}
