import * as v from 'valibot';

/**
 * Counts characters as people do (code points), so 100 multi-byte characters are 100, not 200. The
 * text must be well-formed Unicode: a lone UTF-16 surrogate is no character, and would be stored,
 * mailed and exported as garbage.
 */
export const characters = (min: number, max: number) =>
  v.pipe(
    v.string(),
    // With the u flag a lone surrogate reads as a code point of its own category, Cs; a pair never does.
    v.check((text) => !/\p{Cs}/u.test(text), 'Must be well-formed Unicode (no lone surrogates).'),
    v.trim(),
    v.check(
      (text) => [...text].length >= min,
      `Must be at least ${min} character${min === 1 ? '' : 's'} long.`,
    ),
    v.check((text) => [...text].length <= max, `Must be at most ${max} characters long.`),
  );

/**
 * Names of accounts, projects and keys: one line of text. Control characters are refused because a
 * name travels into mail subjects and file headers, where a line break would start a new header;
 * invisible characters (zero-width spaces, word joiners, byte-order marks, direction overrides)
 * because they make two names look alike or a name look empty. Joiners that scripts and emoji need
 * (U+200C, U+200D) stay.
 */
export const displayName = v.pipe(
  characters(1, 100),
  v.check((text) => !/\p{Cc}/u.test(text), 'Must not contain control characters such as line breaks.'),
  v.check(
    (text) => !/[\u200B\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069]/u.test(text),
    'Must not contain invisible characters such as zero-width spaces or direction overrides.',
  ),
);

/** Free text (a message): several lines may be written, but no other control character. */
export const freeText = (min: number, max: number) =>
  v.pipe(
    characters(min, max),
    v.check(
      (text) => !/[^\P{Cc}\t\n\r]/u.test(text),
      'Must not contain control characters other than line breaks and tabs.',
    ),
  );

/** Path and query ids: bounded, printable, no separators, so lookups never see odd keys. */
export const id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a valid identifier.'));

/** Page sizes of the list endpoints: a query string, so a digit string parsed to a whole number. */
export const LIMIT = { min: 1, max: 100, default: 20 } as const;
const limitMessage = `Must be an integer from ${LIMIT.min} to ${LIMIT.max}.`;

/** Checkout session ids are the provider's (Stripe's run to 66 characters), so longer than our ids. */
export const sessionId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,255}$/, 'Not a valid session id.'));

const pageSize = v.pipe(
  v.string(),
  v.regex(/^\d+$/, limitMessage),
  v.transform(Number),
  v.minValue(LIMIT.min, limitMessage),
  v.maxValue(LIMIT.max, limitMessage),
);

export const limit = v.optional(pageSize, String(LIMIT.default));

/**
 * The page size of the lists that answered everything before they paged (websites, projects, keys,
 * invoices, match decisions): the largest page by default, so a client that never pages still
 * gets a list of up to LIMIT.max whole.
 */
export const wholeListLimit = v.optional(pageSize, String(LIMIT.max));

export const localizationInput = v.strictObject({
  country: v.pipe(v.string(), v.maxLength(8)),
  currency: v.pipe(v.string(), v.maxLength(8)),
});

/**
 * The page cursor of the list endpoints: any text here, so a malformed one is refused as
 * INVALID_CURSOR together with tampered and foreign ones (functions/http/list-page.ts).
 */
export const cursor = v.optional(v.string());
