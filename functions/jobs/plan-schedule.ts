import { Unprocessable } from '#core/problem';
import { type Cadence, checkCadence, InvalidCadence, nextRunAfter } from '#core/schedule-cadence';

/**
 * The next run of a cadence from `now`, once the cadence is one a schedule may have; otherwise 422
 * naming the field (a malformed or too frequent cadence, an unknown time zone).
 */
export function planNextRun(cadence: Cadence, timeZone: string, now: Date): string | null {
  try {
    checkCadence(cadence, timeZone, now);
    return nextRunAfter(cadence, timeZone, now)?.toISOString() ?? null;
  } catch (error) {
    if (!(error instanceof InvalidCadence)) throw error;
    const path =
      error.field === 'time_zone' ? 'time_zone' : cadence.kind === 'CRON' ? 'cadence.expression' : 'cadence';
    throw Unprocessable([{ location: 'body', path, message: error.message }]);
  }
}
