import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canTransition,
  decide,
  initialState,
  isCancellable,
  isFinal,
  JOB_STATUSES,
  JOB_TYPES,
  LANE_STATES,
  MOVES,
  nextState,
  type Trigger,
} from './lanes.ts';

const TRIGGERS: readonly Trigger[] = ['WORK_DONE', 'APPROVE', 'FAIL', 'CANCEL', 'EXPIRE'];
const jobType = fc.constantFrom(...JOB_TYPES);
const status = fc.constantFrom(...JOB_STATUSES);
const trigger = fc.constantFrom(...TRIGGERS);
const facts = fc.record({ quoteHigher: fc.boolean() }, { requiredKeys: [] });

describe('the lane table', () => {
  it('has at most one row for any job, state, trigger and facts, so a decision is never ambiguous', () => {
    fc.assert(
      fc.property(jobType, status, trigger, facts, (type, from, by, known) => {
        const rows = MOVES.filter(
          (move) =>
            move.jobTypes.includes(type) &&
            move.from.includes(from) &&
            move.trigger === by &&
            (move.condition === 'ALWAYS' ||
              (move.condition === 'QUOTE_HIGHER') === (known.quoteHigher === true)),
        );
        expect(rows.length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('only ever moves a job along a transition of the table', () => {
    fc.assert(
      fc.property(jobType, status, trigger, facts, (type, from, by, known) => {
        const to = nextState(type, from, by, known);
        if (to !== null) expect(canTransition(type, from, to)).toBe(true);
      }),
    );
  });

  it('never moves a finished job', () => {
    fc.assert(
      fc.property(jobType, status, trigger, facts, (type, from, by, known) => {
        if (isFinal(from)) expect(nextState(type, from, by, known)).toBeNull();
      }),
    );
  });

  it('walks each lane in the spec order by its own work, ending COMPLETED', () => {
    for (const type of JOB_TYPES) {
      const lane = LANE_STATES[type];
      const start = type === 'WEBSITE_SETUP' ? 0 : 1;
      let current = lane[start];
      const walked = [current];
      while (current && !isFinal(current)) {
        current = nextState(type, current, 'WORK_DONE') ?? undefined;
        walked.push(current);
      }
      expect(walked).toEqual(lane.slice(start));
    }
  });

  it('lets no user call move a setup job on', () => {
    for (const from of LANE_STATES.WEBSITE_SETUP) {
      expect(nextState('WEBSITE_SETUP', from, 'APPROVE')).toBeNull();
    }
  });

  it('fails any unfinished job of any lane', () => {
    fc.assert(
      fc.property(jobType, status, (type, from) => {
        expect(nextState(type, from, 'FAIL')).toBe(isFinal(from) ? null : 'FAILED');
      }),
    );
  });

  it('cancels and expires exactly the cancellable states, and refuses cancels of the others', () => {
    fc.assert(
      fc.property(jobType, status, (type, from) => {
        const cancel = decide(type, from, 'CANCEL');
        if (isCancellable(from)) {
          expect(cancel).toEqual({ moved: true, to: 'CANCELLED' });
          expect(nextState(type, from, 'EXPIRE')).toBe('CANCELLED');
        } else {
          expect(cancel).toEqual({ moved: false, refusal: 'JOB_NOT_CANCELLABLE' });
          expect(nextState(type, from, 'EXPIRE')).toBeNull();
        }
      }),
    );
  });

  it.each(['APPROVED', 'SETTLING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const)(
    'answers a cancel of %s with JOB_NOT_CANCELLABLE (the spec’s 409 row)',
    (from) => {
      for (const type of JOB_TYPES) {
        expect(decide(type, from, 'CANCEL')).toEqual({ moved: false, refusal: 'JOB_NOT_CANCELLABLE' });
      }
    },
  );

  it('approves at a quote that is not higher and refuses a higher one once', () => {
    expect(decide('MATCHING', 'AWAITING_APPROVAL', 'APPROVE', { quoteHigher: false })).toEqual({
      moved: true,
      to: 'APPROVED',
    });
    expect(decide('MATCHING', 'AWAITING_APPROVAL', 'APPROVE', { quoteHigher: true })).toEqual({
      moved: false,
      refusal: 'QUOTE_CHANGED',
    });
    expect(nextState('FULL_SCRAPE', 'AWAITING_APPROVAL', 'APPROVE')).toBe('APPROVED');
  });

  it('starts jobs where the spec says', () => {
    expect(initialState('WEBSITE_SETUP')).toBe('CREATED');
    expect(initialState('WEBSITE_SETUP', { websiteExists: true })).toBe('COMPLETED');
    expect(initialState('FULL_SCRAPE')).toBe('AWAITING_APPROVAL');
    expect(initialState('MATCHING', { sample: true })).toBe('RUNNING');
    expect(initialState('MATCHING')).toBe('AWAITING_APPROVAL');
  });

  it('reaches no state outside a job type’s lane except FAILED and CANCELLED', () => {
    fc.assert(
      fc.property(jobType, status, trigger, facts, (type, from, by, known) => {
        const to = nextState(type, from, by, known);
        if (to !== null && to !== 'FAILED' && to !== 'CANCELLED') {
          expect(LANE_STATES[type]).toContain(to);
        }
      }),
    );
  });
});
