import { describe, expect, it } from 'vitest';
import { interruptedByRestart } from './interrupted-job.ts';
import { isFinal, JOB_STATUSES } from './lanes.ts';

describe('interruptedByRestart', () => {
  it('takes every status a lane runs, and neither an ended job nor one awaiting approval', () => {
    const interrupted = JOB_STATUSES.filter(interruptedByRestart);
    expect(interrupted).toEqual([
      'CREATED',
      'ANALYZING',
      'ESTIMATE_READY',
      'TRAINING',
      'APPROVED',
      'RUNNING',
      'SETTLING',
      'EXPORTING',
    ]);
    expect(interrupted.some(isFinal)).toBe(false);
  });
});
