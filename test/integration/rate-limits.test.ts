import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/start-stack';
import { type ApiClient, apiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { newCustomer, newUser } from '#test/operator';
import { startTestStack } from '#test/test-stack';

// Sixteen requests at once, then one every 20 s: small enough to exhaust within a test, large
// enough that a burst's requests race each other for the key's bucket.
const BURST = 16;
const LIMIT = { RATE_LIMIT_BURST: String(BURST), RATE_LIMIT_PER_SECOND: '0.05' };
const DEFAULTS = {
  RATE_LIMIT_BURST: process.env.RATE_LIMIT_BURST,
  RATE_LIMIT_PER_SECOND: process.env.RATE_LIMIT_PER_SECOND,
};

let stack: RunningStack;
let api: ApiClient;

beforeAll(async () => {
  // Handlers read the limit when first loaded, which is after this.
  Object.assign(process.env, LIMIT);
  stack = await startTestStack();
  api = apiClient(stack.baseUrl);
});
afterAll(async () => {
  await stack.stop();
  Object.assign(process.env, DEFAULTS);
});

async function keyOfNewUser(): Promise<string> {
  const customerId = await newCustomer('Rate-limited customer');
  return (await newUser(customerId, 'OWNER')).apiKey;
}

describe('per-key rate limit through HTTP', () => {
  it('admits a whole burst sent at once, then answers 429 with Retry-After on any authenticated route', async () => {
    const key = await keyOfNewUser();
    const answers = await Promise.all(Array.from({ length: BURST }, () => api.get('/account', { key })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(BURST).fill(200));

    const refused = await api.get('/account/api-keys', { key });
    expectProblem(refused, 429, 'RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(20);
    expect(refused.body).toMatchObject({ retry_after_seconds: retryAfter });
  });

  it('counts each key on its own, and concurrent requests never spend one token twice', async () => {
    const [first, second] = await Promise.all([keyOfNewUser(), keyOfNewUser()]);
    const burst = await Promise.all(
      Array.from({ length: BURST + 8 }, () => api.get('/account', { key: first })),
    );
    const statuses = burst.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(BURST).fill(200), ...Array(8).fill(429)]);
    expect((await api.get('/account', { key: second })).status).toBe(200);
  });

  it('leaves requests without a key to authentication (401, not 429)', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1)
      expectProblem(await api.get('/account', { key: null }), 401, 'NOT_AUTHENTICATED');
  });
});
