import { describe, expect, it } from 'vitest';
import { JOB_STATUSES } from './lanes.ts';
import { type RunFacts, staleHoldAction, strandedRun } from './stranded-job.ts';

const WAIT = 60_000;
const facts = (changes: Partial<RunFacts> = {}): RunFacts => ({
  status: 'RUNNING',
  hasExecution: true,
  execution: 'ENDED',
  untouchedMs: WAIT,
  ...changes,
});

describe('strandedRun', () => {
  it('takes a job a lane runs whose execution ended or cannot be seen, untouched for the wait', () => {
    expect(strandedRun(facts(), WAIT)).toBe(true);
    expect(strandedRun(facts({ execution: 'UNKNOWN', status: 'SETTLING' }), WAIT)).toBe(true);
    expect(strandedRun(facts({ hasExecution: false, execution: 'UNKNOWN', status: 'CREATED' }), WAIT)).toBe(
      true,
    );
    expect(strandedRun(facts({ status: 'APPROVED' }), WAIT)).toBe(true);
  });

  it('leaves a job whose execution still runs, however long it has been quiet', () => {
    expect(strandedRun(facts({ execution: 'RUNNING', untouchedMs: 100 * WAIT }), WAIT)).toBe(false);
  });

  it('leaves a job touched within the wait: a stopped execution’s last task may still be writing', () => {
    expect(strandedRun(facts({ untouchedMs: WAIT - 1 }), WAIT)).toBe(false);
  });

  it('leaves an approved job without an execution to the start of stranded approvals', () => {
    expect(strandedRun(facts({ status: 'APPROVED', hasExecution: false, execution: 'UNKNOWN' }), WAIT)).toBe(
      false,
    );
  });

  it('never takes a job awaiting approval or one that has ended', () => {
    const taken = JOB_STATUSES.filter((status) => strandedRun(facts({ status }), WAIT));
    expect(taken).toEqual([
      'CREATED',
      'ANALYZING',
      'ESTIMATE_READY',
      'TRAINING',
      'APPROVED',
      'RUNNING',
      'SETTLING',
      'EXPORTING',
    ]);
  });
});

describe('staleHoldAction', () => {
  it('gives back a hold whose job still awaits its approval, or is gone after the wait', () => {
    expect(staleHoldAction({ status: 'AWAITING_APPROVAL' }, 0, WAIT)).toBe('RELEASE');
    expect(staleHoldAction(null, WAIT, WAIT)).toBe('RELEASE');
    expect(staleHoldAction(null, WAIT - 1, WAIT)).toBe('KEEP');
  });

  it('settles a hold whose job ended through the job’s own ending', () => {
    for (const status of ['COMPLETED', 'FAILED', 'CANCELLED'] as const)
      expect(staleHoldAction({ status }, 0, WAIT)).toBe('SETTLE');
  });

  it('keeps the hold of a job that may still charge it', () => {
    for (const status of ['APPROVED', 'RUNNING', 'SETTLING', 'EXPORTING', 'CREATED', 'TRAINING'] as const)
      expect(staleHoldAction({ status }, WAIT, WAIT)).toBe('KEEP');
  });
});
