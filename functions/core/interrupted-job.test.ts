import { describe, expect, it } from 'vitest';
import { afterRestart } from './interrupted-job.ts';
import { isFinal, JOB_STATUSES, JOB_TYPES } from './lanes.ts';

describe('afterRestart', () => {
  it('resumes a setup in every status of its lane', () => {
    for (const status of ['CREATED', 'ANALYZING', 'ESTIMATE_READY', 'TRAINING'] as const)
      expect(afterRestart('WEBSITE_SETUP', status)).toBe('RESUME');
  });

  it('resumes a priced job before its settlement and fails it from the settlement on', () => {
    for (const jobType of ['FULL_SCRAPE', 'URL_SCRAPE', 'MATCHING'] as const) {
      expect(afterRestart(jobType, 'AWAITING_APPROVAL')).toBe('WAIT');
      expect(afterRestart(jobType, 'APPROVED')).toBe('RESUME');
      expect(afterRestart(jobType, 'RUNNING')).toBe('RESUME');
      expect(afterRestart(jobType, 'SETTLING')).toBe('FAIL');
      expect(afterRestart(jobType, 'EXPORTING')).toBe('FAIL');
    }
  });

  it('leaves ended jobs alone and decides for every unfinished status of every lane', () => {
    for (const jobType of JOB_TYPES) {
      for (const status of JOB_STATUSES) {
        const action = afterRestart(jobType, status);
        expect(action === null).toBe(isFinal(status));
      }
    }
  });
});
