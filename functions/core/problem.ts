/**
 * Domain errors as typed values. Domain code throws these; the HTTP layer maps them to RFC 9457
 * problem bodies in one place (`platform/problem-response.ts`).
 */
export interface FieldError {
  location: 'body' | 'query' | 'path' | 'header';
  path: string;
  message: string;
}

export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    detail?: string,
    readonly errors?: FieldError[],
    /** Extra members of the problem body, e.g. the repriced job of a QUOTE_CHANGED conflict. */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(detail ?? title);
    this.name = 'Problem';
  }
}

export const BadRequest = (code: string, detail?: string, errors?: FieldError[]) =>
  new Problem(400, code, 'Bad Request', detail, errors);
export const Unauthorized = (code: string, detail?: string) => new Problem(401, code, 'Unauthorized', detail);
export const PaymentRequired = (code: string, detail?: string) =>
  new Problem(402, code, 'Payment Required', detail);
export const Forbidden = (code: string, detail?: string) => new Problem(403, code, 'Forbidden', detail);
export const NotFound = (code: string, detail?: string) => new Problem(404, code, 'Not Found', detail);
export const Conflict = (code: string, detail?: string, extensions?: Record<string, unknown>) =>
  new Problem(409, code, 'Conflict', detail, undefined, extensions);
export const Unprocessable = (errors: FieldError[], detail = 'The request is not valid.') =>
  new Problem(422, 'VALIDATION_ERROR', 'Unprocessable Content', detail, errors);
export const BadGateway = (code: string, detail?: string) => new Problem(502, code, 'Bad Gateway', detail);
export const Unavailable = (code: string, detail?: string) =>
  new Problem(503, code, 'Service Unavailable', detail);
