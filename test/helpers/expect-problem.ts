import { expect } from 'vitest';

/** Asserts an RFC 9457 problem answer with the given status and code. */
export function expectProblem(
  response: { status: number; headers: Headers; body: unknown },
  status: number,
  code: string,
) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(response.body).toMatchObject({
    status,
    code,
    title: expect.any(String),
    request_id: expect.any(String),
  });
}
