import type { Problem } from '../functions/client/pds-client.ts';

/**
 * An API problem as `pds` prints it: status, code and detail, then each invalid field with its
 * reason, then the request id support asks for.
 */
export function describeProblem(problem: Problem): string {
  const { status, code, detail, title, errors, request_id } = problem;
  return [
    `Error ${[status, code].filter(Boolean).join(' ')}: ${detail ?? title ?? ''}`,
    ...(errors ?? []).map(
      (field) => `  ${[field.location, field.path].filter(Boolean).join(' ')}: ${field.message}`,
    ),
    ...(request_id ? [`Request id: ${request_id}`] : []),
  ].join('\n');
}
