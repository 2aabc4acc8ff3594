/**
 * Calendar months in Europe/Prague, where billing months are counted. Built on Intl (the runtime's
 * time-zone database) rather than a fixed UTC+1, so summer time and future rule changes are right.
 */

/**
 * The interface's pattern for the usage `month` query, from 1970-01 on: earlier years (0000 among
 * them) have no charges and leave the range of times the store's sort keys are written in.
 */
export const MONTH_PATTERN = /^(19[7-9]\d|[2-9]\d{3})-(0[1-9]|1[0-2])$/;

const TIME_ZONE = 'Europe/Prague';

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function pragueWallClock(instant: number) {
  const parts: Record<string, number> = {};
  for (const { type, value } of wallClock.formatToParts(instant)) {
    if (type !== 'literal') parts[type] = Number(value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Milliseconds of a wall-clock time read as UTC; setUTCFullYear keeps years below 100 literal. */
function utcMillis(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** How far Prague's wall clock is ahead of UTC at an instant, in milliseconds. */
function pragueOffset(instant: number): number {
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  const clock = pragueWallClock(wholeSecond);
  return utcMillis(clock.year, clock.month, clock.day, clock.hour, clock.minute, clock.second) - wholeSecond;
}

/**
 * The instant of midnight starting the 1st of a month in Prague. Offsets change only at 02:00 or
 * 03:00 local time, never at midnight, so the offset found at the first guess's result is final.
 */
function pragueMonthStart(year: number, month: number): Date {
  const midnightAsUtc = utcMillis(year, month, 1);
  const guess = midnightAsUtc - pragueOffset(midnightAsUtc);
  return new Date(midnightAsUtc - pragueOffset(guess));
}

/** The instants where a `YYYY-MM` month begins (inclusive) and ends (exclusive) in Prague. */
export function pragueMonthBounds(month: string): { start: Date; end: Date } {
  if (!MONTH_PATTERN.test(month)) throw new RangeError(`Month must be YYYY-MM, got ${month}`);
  const year = Number(month.slice(0, 4));
  const monthNumber = Number(month.slice(5, 7));
  return {
    start: pragueMonthStart(year, monthNumber),
    end: monthNumber === 12 ? pragueMonthStart(year + 1, 1) : pragueMonthStart(year, monthNumber + 1),
  };
}

/** The `YYYY-MM` month that an instant falls in, on Prague's calendar. */
export function pragueMonthOf(instant: Date): string {
  const { year, month } = pragueWallClock(instant.getTime());
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}
