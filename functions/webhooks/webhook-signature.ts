import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'PDS-Signature';

/**
 * How far a signature's timestamp may lie from the receiver's clock: a captured delivery replayed
 * later than this is refused, while clocks a little apart still agree (Stripe's default too).
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, rawBody: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

/** The signature header's value for a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

/**
 * Whether a signature header is valid for the raw body: one of its `v1` values is the HMAC of
 * `<t>.<body>` with the secret, and `t` is within the tolerance of `now` (unix seconds). This is the
 * recipe a receiver follows (README, "Webhooks").
 */
export function verifySignature(
  header: string,
  rawBody: string | Buffer,
  secret: string,
  now: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  return parts
    .filter(([name, value]) => name === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value as string, 'hex'), expected));
}
