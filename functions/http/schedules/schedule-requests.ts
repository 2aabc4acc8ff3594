import * as v from 'valibot';
import { type Cents, InvalidMoney, parseMoney } from '#core/money';
import { MAX_URLS_ON_JOB } from '#jobs/scrape-job';
import { TIME_OF_DAY, WEEKDAYS } from '#schedules/schedule-cadence';

/** Request fields of POST and PATCH /schedules. */

const time = v.pipe(
  v.string(),
  v.regex(TIME_OF_DAY, 'Must be HH:MM on a 24-hour clock, e.g. 06:30.'),
  v.examples(['06:30']),
);

export const cadence = v.variant('kind', [
  v.strictObject({ kind: v.literal('DAILY'), time }),
  v.strictObject({ kind: v.literal('WEEKLY'), day: v.picklist(WEEKDAYS), time }),
  v.strictObject({
    kind: v.literal('CRON'),
    expression: v.pipe(v.string(), v.maxLength(200), v.examples(['0 6 * * 1-5'])),
  }),
]);

/** An IANA zone name; whether the runtime knows it is checked with the cadence. */
export const timeZone = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.examples(['Europe/Prague']));

const moneyOrNull = (value: string | number): Cents | null => {
  try {
    return parseMoney(value, { allowNegative: true });
  } catch (error) {
    if (error instanceof InvalidMoney) return null;
    throw error;
  }
};

/** A positive EUR amount with at most two decimals, as a decimal string or a number. */
export const monthlyBudget = v.pipe(
  v.union(
    [v.pipe(v.string(), v.maxLength(32), v.examples(['20.00'])), v.number()],
    'Must be a decimal string or a number.',
  ),
  v.check((value) => moneyOrNull(value) !== null, 'Must be an amount with at most 2 decimals, e.g. 20.00.'),
  v.check((value) => (moneyOrNull(value) ?? 0) > 0, 'Must be more than 0.00 EUR.'),
);

export const variant = v.picklist(['FULL', 'CATALOG_URLS', 'URLS_ONLY']);

/** A schedule's URL list is kept on the schedule, so it is shorter than a scrape job's may be. */
export const urls = v.pipe(
  v.array(v.pipe(v.string(), v.maxLength(2048))),
  v.minLength(1, 'Must list at least one URL.'),
  v.maxLength(MAX_URLS_ON_JOB, `Must list at most ${MAX_URLS_ON_JOB} URLs.`),
);

/** URLS_ONLY goes with a list of urls, and a list of urls with no other variant (as on scrape jobs). */
export const scopeMatches = (input: { variant?: string; urls?: string[] }) =>
  input.urls === undefined ? input.variant !== 'URLS_ONLY' : (input.variant ?? 'URLS_ONLY') === 'URLS_ONLY';
export const SCOPE_MESSAGE = 'URLS_ONLY goes with a list of urls, and a list of urls with no other variant.';
