import * as v from 'valibot';

/** Counts characters as people do (code points), so 100 multi-byte characters are 100, not 200. */
export const characters = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (text) => [...text].length >= min,
      `Must be at least ${min} character${min === 1 ? '' : 's'} long.`,
    ),
    v.check((text) => [...text].length <= max, `Must be at most ${max} characters long.`),
  );

export const displayName = characters(1, 100);

/** Path and query ids: bounded, printable, no separators, so lookups never see odd keys. */
export const id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a valid identifier.'));

/** Checkout session ids are the provider's (Stripe's run to 66 characters), so longer than our ids. */
export const sessionId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,255}$/, 'Not a valid session id.'));

export const limit = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'Must be an integer from 1 to 100.'),
    v.transform(Number),
    v.minValue(1, 'Must be an integer from 1 to 100.'),
    v.maxValue(100, 'Must be an integer from 1 to 100.'),
  ),
  '20',
);

export const localizationInput = v.strictObject({
  country: v.pipe(v.string(), v.maxLength(8)),
  currency: v.pipe(v.string(), v.maxLength(8)),
});
