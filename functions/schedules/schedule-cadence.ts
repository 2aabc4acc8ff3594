import { CronExpressionParser } from 'cron-parser';

/**
 * When a schedule runs: daily at a wall-clock time, weekly on a day at a time, or a 5-field cron
 * expression, all read in the schedule's IANA time zone. Daily and weekly cadences are cron
 * expressions too, so one rule computes every next run, summer time included: a time that a spring
 * change skips runs at the same minute of the hour after, a time that an autumn change repeats runs
 * once (at its first occurrence).
 */
export type Weekday = 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';

export const WEEKDAYS: readonly Weekday[] = [
  'SUNDAY',
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
];

export type Cadence =
  | { kind: 'DAILY'; time: string }
  | { kind: 'WEEKLY'; day: Weekday; time: string }
  | { kind: 'CRON'; expression: string };

/** Runs closer together than this are refused: a schedule is for watching prices, not polling. */
export const MIN_RUN_INTERVAL_MS = 60 * 60 * 1000;

/** Wall-clock times of daily and weekly cadences: 24-hour `HH:MM`. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Why a cadence cannot be used, for the caller: the field it concerns and what is wrong. */
export class InvalidCadence extends Error {
  constructor(
    readonly field: 'cadence' | 'time_zone',
    readonly reason: 'MALFORMED' | 'TOO_FREQUENT' | 'NEVER_RUNS' | 'UNKNOWN_TIME_ZONE',
    message: string,
  ) {
    super(message);
    this.name = 'InvalidCadence';
  }
}

/**
 * The runtime's own spelling of an IANA time-zone name (`europe/prague` is `Europe/Prague`), or null
 * for a name its time-zone database does not know.
 */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

function cronOf(cadence: Cadence): string {
  if (cadence.kind === 'CRON') return cadence.expression.trim();
  const match = TIME_OF_DAY.exec(cadence.time);
  if (!match) throw new InvalidCadence('cadence', 'MALFORMED', 'The time must be HH:MM on a 24-hour clock.');
  const [, hour, minute] = match;
  const day = cadence.kind === 'WEEKLY' ? String(WEEKDAYS.indexOf(cadence.day)) : '*';
  return `${Number(minute)} ${Number(hour)} * * ${day}`;
}

function iterate(cadence: Cadence, timeZone: string, after: Date) {
  if (!canonicalTimeZone(timeZone)) {
    throw new InvalidCadence('time_zone', 'UNKNOWN_TIME_ZONE', `${timeZone} is not an IANA time zone.`);
  }
  const expression = cronOf(cadence);
  // cron-parser also reads 6 fields (seconds) and fewer than 5; a schedule takes exactly the classic 5.
  if (expression.split(/\s+/).length !== 5) {
    throw new InvalidCadence(
      'cadence',
      'MALFORMED',
      'A cron expression has 5 fields: minute, hour, day of month, month, day of week.',
    );
  }
  try {
    return CronExpressionParser.parse(expression, { currentDate: after, tz: timeZone, strict: false });
  } catch (error) {
    throw new InvalidCadence(
      'cadence',
      'MALFORMED',
      `Not a valid cron expression: ${(error as Error).message}.`,
    );
  }
}

function nextFrom(iterator: ReturnType<typeof iterate>): Date | null {
  try {
    return iterator.next().toDate();
  } catch {
    // A date that never comes (30 February) ends the iteration instead of yielding one.
    return null;
  }
}

/** The first run strictly after `after`, or null when the cadence never fires again. */
export function nextRunAfter(cadence: Cadence, timeZone: string, after: Date): Date | null {
  return nextFrom(iterate(cadence, timeZone, after));
}

/** Runs looked at beyond the static rule, so the gaps around the next changes of summer time are seen. */
const RUNS_CHECKED = 60;

/**
 * A cadence a schedule may have: it parses, its zone exists, it fires, and no two runs are closer
 * than the minimum interval. Two minutes of one hour are always less than an hour apart; with one
 * minute, runs are whole wall-clock hours apart, and across midnight at least an hour (the last hour
 * of a day is at most 23). Summer-time changes move a run that falls into a skipped hour later and run
 * a repeated hour once, so no gap shrinks; the next runs are walked all the same, so a zone with
 * stranger rules is caught too.
 */
export function checkCadence(cadence: Cadence, timeZone: string, from: Date): void {
  const iterator = iterate(cadence, timeZone, from);
  const tooFrequent = (detail: string) =>
    new InvalidCadence('cadence', 'TOO_FREQUENT', `Runs may be at most once an hour; ${detail}.`);
  if (iterator.fields.minute.values.length > 1) {
    throw tooFrequent('this cadence runs at more than one minute of an hour');
  }
  let previous = nextFrom(iterator);
  if (!previous) throw new InvalidCadence('cadence', 'NEVER_RUNS', 'The cadence never fires.');
  for (let i = 1; i < RUNS_CHECKED; i++) {
    const next = nextFrom(iterator);
    if (!next) return;
    if (next.getTime() - previous.getTime() < MIN_RUN_INTERVAL_MS) {
      throw tooFrequent(`this cadence runs at ${previous.toISOString()} and again at ${next.toISOString()}`);
    }
    previous = next;
  }
}
