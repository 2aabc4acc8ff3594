import { type CodeWithStatus, PROBLEM_CATALOGUE, type ProblemCode } from './problem-catalogue.ts';

/**
 * Domain errors as typed values. Domain code throws these; the HTTP layer maps them to RFC 9457
 * problem bodies in one place (`platform/problem-response.ts`). Status and title come from the
 * catalogue, so a problem is named by its code alone.
 */
export interface FieldError {
  location: 'body' | 'query' | 'path' | 'header';
  path: string;
  message: string;
}

export interface ProblemOptions {
  errors?: FieldError[];
  /** Extra members of the problem body, e.g. the repriced job of a QUOTE_CHANGED conflict. */
  extensions?: Record<string, unknown>;
  cause?: unknown;
  /** Sent as the Retry-After header (whole seconds): when trying again may succeed. */
  retryAfterSeconds?: number;
}

export class Problem extends Error {
  readonly status: number;
  readonly title: string;
  readonly errors?: FieldError[];
  readonly extensions?: Record<string, unknown>;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ProblemCode,
    detail?: string,
    options: ProblemOptions = {},
  ) {
    const { status, title } = PROBLEM_CATALOGUE[code];
    super(detail ?? title, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'Problem';
    this.status = status;
    this.title = title;
    if (options.errors) this.errors = options.errors;
    if (options.extensions) this.extensions = options.extensions;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Whether `error` is the problem of that code (a caller that answers one problem its own way). */
export const isProblem = (error: unknown, code: ProblemCode): error is Problem =>
  error instanceof Problem && error.code === code;

// Status-named shortcuts: each accepts only the catalogue codes of its status.
export const BadRequest = (
  code: CodeWithStatus<400>,
  detail?: string,
  extensions?: Record<string, unknown>,
) => new Problem(code, detail, { extensions });
export const Unauthorized = (code: CodeWithStatus<401>, detail?: string) => new Problem(code, detail);
export const PaymentRequired = (code: CodeWithStatus<402>, detail?: string) => new Problem(code, detail);
export const Forbidden = (code: CodeWithStatus<403>, detail?: string) => new Problem(code, detail);
export const NotFound = (code: CodeWithStatus<404>, detail?: string) => new Problem(code, detail);
export const Conflict = (code: CodeWithStatus<409>, detail?: string, extensions?: Record<string, unknown>) =>
  new Problem(code, detail, { extensions });
export const Unprocessable = (errors: FieldError[], detail = 'The request is not valid.') =>
  new Problem('VALIDATION_ERROR', detail, { errors });
/** A 422 other than a schema's: it too names the field at fault, so every 422 has one shape. */
export const Invalid = (code: CodeWithStatus<422>, field: FieldError) =>
  new Problem(code, field.message, { errors: [field] });
export const BadGateway = (code: CodeWithStatus<502>, detail?: string, cause?: unknown) =>
  new Problem(code, detail, { cause });
export const Unavailable = (code: CodeWithStatus<503>, detail?: string, cause?: unknown) =>
  new Problem(code, detail, { cause });
export const TooManyRequests = (code: CodeWithStatus<429>, detail: string, retryAfterSeconds: number) =>
  new Problem(code, detail, { retryAfterSeconds, extensions: { retry_after_seconds: retryAfterSeconds } });
