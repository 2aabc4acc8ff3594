import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/start-stack';
import { routes } from '#platform/routes';
import { type ApiClient, apiClient } from '#test/api-client';
import { startTestStack } from '#test/test-stack';

let stack: RunningStack;
let api: ApiClient;

beforeAll(async () => {
  stack = await startTestStack();
  api = apiClient(stack.baseUrl, stack.demo?.apiKey ?? null);
});
afterAll(() => stack?.stop());

/** The seed of every route's runs; change it to explore other inputs, and keep it fixed in the suite. */
const FUZZ_SEED = 352_026;

const pathValue = fc.oneof(
  fc.constantFrom('x', 'prj_unknown', '%2F', '..', '%00', 'a%2Fb', '%E2%82%AC', 'A'.repeat(300)),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);
const body = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('', '{', 'null', '[]', '{"name":null}', '{"__proto__":{"x":1}}', '{"amount":"1e400"}'),
);
const query = fc.dictionary(
  fc.constantFrom('project_id', 'website_id', 'limit', 'month', 'token', 'dataset', 'x'),
  fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('0', '-1', '101', '1.5', '2026-13', '%')),
);

/**
 * Whatever a client sends, the answer is never a 5xx: every route of the table gets random paths,
 * queries and bodies through the real server, and every error comes back as a problem body.
 */
describe('no input yields a server error', () => {
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_, route) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathValue, { minLength: 3, maxLength: 3 }),
          body,
          query,
          async (values, text, params) => {
            let index = 0;
            const path = route.path.replace(/\{[a-z_]+\}/g, () => values[index++] ?? 'x');
            const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
            const response = await api.request(route.method, path, {
              rawBody: hasBody ? text : undefined,
              headers: hasBody ? { 'content-type': 'application/json' } : {},
              query: params,
            });
            expect(response.status, `${route.method} ${path} ${text}`).toBeLessThan(500);
            // Every 422 names the fields at fault, wherever they are.
            if (response.status === 422) {
              expect(response.body.errors.length).toBeGreaterThan(0);
              for (const error of response.body.errors)
                expect(['body', 'query', 'path', 'header']).toContain(error.location);
            }
            // Browser pages (the local checkout) answer errors in HTML; API routes in problem bodies.
            if (response.status >= 400 && route.auth === 'API_KEY') {
              expect(response.headers.get('content-type')).toBe('application/problem+json');
              expect(response.body.code).toEqual(expect.any(String));
            }
          },
        ),
        // A fixed seed, so a failure found once is found again; a request that does not answer
        // within 10 s fails its run as a hang.
        { numRuns: 25, seed: FUZZ_SEED, timeout: 10_000 },
      );
    },
  );
});
