import { describe, expect, it } from 'vitest';
import {
  type Cadence,
  canonicalTimeZone,
  checkCadence,
  InvalidCadence,
  nextRunAfter,
} from './schedule-cadence.ts';

const PRAGUE = 'Europe/Prague';
const runs = (cadence: Cadence, timeZone: string, from: string, count: number) => {
  const out: string[] = [];
  let at = new Date(from);
  for (let i = 0; i < count; i++) {
    const next = nextRunAfter(cadence, timeZone, at);
    if (!next) break;
    out.push(next.toISOString());
    at = next;
  }
  return out;
};
const refusal = (cadence: Cadence, timeZone = PRAGUE) => {
  try {
    checkCadence(cadence, timeZone, new Date('2026-11-24T08:00:00Z'));
  } catch (error) {
    if (error instanceof InvalidCadence) return { field: error.field, reason: error.reason };
    throw error;
  }
  return null;
};

describe('daily cadences in Europe/Prague', () => {
  it('keep the wall-clock time across the spring change (29 March 2026): UTC moves an hour earlier', () => {
    expect(runs({ kind: 'DAILY', time: '09:00' }, PRAGUE, '2026-03-27T12:00:00Z', 3)).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
  });

  it('run a time the spring change skips (02:30) an hour later that day, once', () => {
    expect(runs({ kind: 'DAILY', time: '02:30' }, PRAGUE, '2026-03-28T00:00:00Z', 3)).toEqual([
      '2026-03-28T01:30:00.000Z',
      // 02:30 does not exist on 29 March: 03:30 CEST
      '2026-03-29T01:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
  });

  it('run a time the autumn change repeats (02:30 on 25 October 2026) once, at its first occurrence', () => {
    expect(runs({ kind: 'DAILY', time: '02:30' }, PRAGUE, '2026-10-24T00:00:00Z', 3)).toEqual([
      '2026-10-24T00:30:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
  });
});

describe('weekly cadences', () => {
  it('run on the day at the time, in the zone', () => {
    // 24 November 2026 is a Tuesday.
    expect(runs({ kind: 'WEEKLY', day: 'MONDAY', time: '06:30' }, PRAGUE, '2026-11-24T08:00:00Z', 2)).toEqual(
      ['2026-11-30T05:30:00.000Z', '2026-12-07T05:30:00.000Z'],
    );
    expect(
      runs({ kind: 'WEEKLY', day: 'SUNDAY', time: '23:45' }, 'America/New_York', '2026-11-24T08:00:00Z', 1),
    ).toEqual(['2026-11-30T04:45:00.000Z']);
  });

  it('run strictly after the given instant, even at the due time itself', () => {
    const due = new Date('2026-11-30T05:30:00.000Z');
    expect(nextRunAfter({ kind: 'WEEKLY', day: 'MONDAY', time: '06:30' }, PRAGUE, due)?.toISOString()).toBe(
      '2026-12-07T05:30:00.000Z',
    );
  });
});

describe('the minimum interval of one hour', () => {
  it.each([
    ['0 * * * *', null],
    ['0 */6 * * *', null],
    ['15 9 * * 1-5', null],
    ['0 0 29 2 *', null],
    // 23:00 and 00:00 the next day: an hour apart across midnight
    ['0 0,23 * * *', null],
    ['* * * * *', 'TOO_FREQUENT'],
    ['*/30 * * * *', 'TOO_FREQUENT'],
    ['0,59 9 * * *', 'TOO_FREQUENT'],
    // 23:30 and 00:10 the next day: 40 minutes apart across midnight
    ['10,30 0,23 * * *', 'TOO_FREQUENT'],
  ])('%s: %s', (expression, reason) => {
    expect(refusal({ kind: 'CRON', expression })?.reason ?? null).toBe(reason);
  });

  it('holds hourly runs across the autumn change, and runs a listed hour it repeats once', () => {
    expect(refusal({ kind: 'CRON', expression: '0 * 25 10 *' })).toBeNull();
    expect(runs({ kind: 'CRON', expression: '0 * * * *' }, PRAGUE, '2026-10-24T23:30:00Z', 3)).toEqual([
      // 02:00 CEST, 02:00 CET, 03:00 CET: every hour of UTC, one hour apart
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
    expect(runs({ kind: 'CRON', expression: '0 2,3 25 10 *' }, PRAGUE, '2026-10-24T22:00:00Z', 2)).toEqual([
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
  });
});

describe('refused cadences', () => {
  it.each([
    ['* * * * * *', 'seconds'],
    ['* * * *', 'four fields'],
    ['61 * * * *', 'a minute out of range'],
    ['0 0 31 2 *', 'a day that never comes'],
    ['every day', 'words'],
    ['@hourly', 'a nickname'],
  ])('%s (%s) is malformed', (expression) => {
    expect(refusal({ kind: 'CRON', expression })).toEqual({ field: 'cadence', reason: 'MALFORMED' });
  });

  it('refuses a time zone the runtime does not know', () => {
    expect(canonicalTimeZone('europe/prague')).toBe('Europe/Prague');
    expect(canonicalTimeZone('Europe/Atlantis')).toBeNull();
    expect(refusal({ kind: 'DAILY', time: '09:00' }, 'Europe/Atlantis')).toEqual({
      field: 'time_zone',
      reason: 'UNKNOWN_TIME_ZONE',
    });
  });
});
