import { Problem, Unavailable } from '#core/problem';
import type { HttpResponse } from './http-response.ts';
import { logError } from './log.ts';
import { isStoreOutage } from './store-outage.ts';

/** The one mapping of errors to RFC 9457 problem responses. A 5xx never carries the raw error. */
export function problemResponse(error: unknown, requestId: string): HttpResponse {
  const problem =
    error instanceof Problem
      ? error
      : isStoreOutage(error)
        ? Unavailable('SERVICE_UNAVAILABLE', 'The service cannot serve this now; try again shortly.')
        : new Problem('INTERNAL_ERROR', 'Something went wrong on our side.');
  if (!(error instanceof Problem) || problem.status >= 500) logError('request failed', error, { requestId });
  const body = {
    type: `https://product-data.example/problems/${problem.code.toLowerCase().replaceAll('_', '-')}`,
    title: problem.title,
    status: problem.status,
    detail: problem.message,
    code: problem.code,
    request_id: requestId,
    ...(problem.errors ? { errors: problem.errors } : {}),
    ...problem.extensions,
  };
  return {
    statusCode: problem.status,
    headers: {
      'content-type': 'application/problem+json',
      ...(problem.retryAfterSeconds === undefined
        ? {}
        : { 'retry-after': String(problem.retryAfterSeconds) }),
    },
    body: JSON.stringify(body),
  };
}
