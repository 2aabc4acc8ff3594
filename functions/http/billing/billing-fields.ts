import * as v from 'valibot';

/** Checkout session ids are the provider's (Stripe's run to 66 characters), so longer than our ids. */
export const sessionId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,255}$/, 'Not a valid session id.'));
