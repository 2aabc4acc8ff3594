import { TooManyRequests } from '#core/problem';
import type { RateLimit } from '#core/token-bucket';
import { onFirstUse, setting } from '#platform/config';
import { takeRequestToken } from '#store/rate-limit-buckets';

/** The stage's per-key limit (lib/stage-config.ts `apiKeyRateLimit`), read once per cold start. */
const rateLimit = onFirstUse(
  (): RateLimit => ({ perSecond: setting('RATE_LIMIT_PER_SECOND'), burst: setting('RATE_LIMIT_BURST') }),
);

/** Spends one of the key's request tokens, or refuses the request with 429 and when to retry. */
export async function admitRequest(keyId: string): Promise<void> {
  const limit = rateLimit();
  const admission = await takeRequestToken(keyId, limit);
  if (!admission.admitted)
    throw TooManyRequests(
      'RATE_LIMITED',
      `This API key may send ${limit.burst} requests at once and ${limit.perSecond} per second after that; retry in ${admission.retryAfterSeconds} s.`,
      admission.retryAfterSeconds,
    );
}
