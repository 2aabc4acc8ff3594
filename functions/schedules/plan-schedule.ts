import { Unprocessable } from '#core/problem';
import {
  type Cadence,
  canonicalTimeZone,
  checkCadence,
  InvalidCadence,
  nextRunAfter,
} from './schedule-cadence.ts';

/**
 * The next run of a cadence from `now` and the zone's canonical name, once the cadence is one a
 * schedule may have; otherwise 422 naming the field (a malformed or too frequent cadence, an unknown
 * time zone).
 */
export function planNextRun(
  cadence: Cadence,
  timeZone: string,
  now: Date,
): { nextRunAt: string | null; timeZone: string } {
  try {
    checkCadence(cadence, timeZone, now);
    return {
      nextRunAt: nextRunAfter(cadence, timeZone, now)?.toISOString() ?? null,
      timeZone: canonicalTimeZone(timeZone) ?? timeZone,
    };
  } catch (error) {
    if (!(error instanceof InvalidCadence)) throw error;
    const path =
      error.field === 'time_zone' ? 'time_zone' : cadence.kind === 'CRON' ? 'cadence.expression' : 'cadence';
    throw Unprocessable([{ location: 'body', path, message: error.message }]);
  }
}
