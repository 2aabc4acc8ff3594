import { Problem, Unavailable } from '#core/problem';
import type { HttpResponse } from './http-response.ts';
import { logError } from './log.ts';
import { isStoreOutage } from './store-outage.ts';

/** The id of a problem's section on the docs page: `problem-not-authenticated`. */
export const problemAnchor = (code: string): string => `problem-${code.toLowerCase().replaceAll('_', '-')}`;

/**
 * The one mapping of errors to RFC 9457 problem responses. A 5xx never carries the raw error. The
 * problem's `type` is its section of the docs page of the stage that answered (`docsUrl`), so it
 * resolves to what the problem means.
 */
export function problemResponse(error: unknown, requestId: string, docsUrl: string): HttpResponse {
  const problem =
    error instanceof Problem
      ? error
      : isStoreOutage(error)
        ? Unavailable('SERVICE_UNAVAILABLE', 'The service cannot serve this now; try again shortly.')
        : new Problem('INTERNAL_ERROR', 'Something went wrong on our side.');
  if (!(error instanceof Problem) || problem.status >= 500) logError('request failed', error, { requestId });
  const body = {
    type: `${docsUrl}#${problemAnchor(problem.code)}`,
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
