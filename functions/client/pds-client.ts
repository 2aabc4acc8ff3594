import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './api-types.ts';

export type PdsClient = Client<paths>;

/** An RFC 9457 problem body as the API sends it. */
export interface Problem {
  status: number;
  title?: string;
  detail?: string;
  code?: string;
  request_id?: string;
  /** 422: what is wrong, field by field. */
  errors?: FieldError[];
}

/** One invalid input of a 422 problem: where it is (`body`, `query`, …), its path and the reason. */
export interface FieldError {
  location?: string;
  path: string;
  message: string;
}

/** The API answered with an error status; carries its problem body. */
export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(`${problem.detail ?? problem.title ?? 'Request failed'} (${problem.code ?? problem.status})`);
  }
}

/** The API could not be reached at all (DNS, refused connection, TLS). */
export class UnreachableError extends Error {}

export interface ClientSettings {
  baseUrl: string;
  apiKey: string;
  retry?: Partial<RetryPolicy>;
}

/** How a request is tried again after a network error, a timeout, 429 or 5xx. */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first backoff; each later one doubles, with full jitter. */
  baseDelayMs: number;
  /** No wait is longer: a Retry-After beyond it ends the retries with that answer. */
  maxDelayMs: number;
  /** One try is abandoned (and tried again) after this long without an answer. */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  timeoutMs: 60_000,
};

const IDEMPOTENCY_KEY = 'idempotency-key';

/** A fetch client typed by the OpenAPI document; every request carries the API key. */
export function pdsClient({ baseUrl, apiKey, retry }: ClientSettings): PdsClient {
  const policy = { ...DEFAULT_RETRY, ...retry };
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${apiKey}` },
    fetch: (request) => fetchWithRetries(withIdempotencyKey(request), policy, baseUrl),
  });
}

/**
 * A POST gets an Idempotency-Key unless its caller set one; every retry below sends that same key,
 * so a request whose answer was lost is answered again rather than done twice.
 */
function withIdempotencyKey(request: Request): Request {
  if (request.method !== 'POST' || request.headers.has(IDEMPOTENCY_KEY)) return request;
  const headers = new Headers(request.headers);
  headers.set(IDEMPOTENCY_KEY, randomUUID());
  return new Request(request, { headers });
}

async function fetchWithRetries(request: Request, policy: RetryPolicy, baseUrl: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= policy.attempts;
    let response: Response;
    try {
      response = await fetch(request.clone(), { signal: AbortSignal.timeout(policy.timeoutMs) });
    } catch (error) {
      if (last)
        throw new UnreachableError(
          `Cannot reach ${baseUrl}: ${(error as Error).cause ?? (error as Error).message}`,
        );
      await sleep(backoffMs(attempt, policy));
      continue;
    }
    if (last || !(await worthRetrying(response))) return response;
    const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoffMs(attempt, policy);
    if (wait > policy.maxDelayMs) return response;
    await response.body?.cancel();
    await sleep(wait);
  }
}

/** 429, 5xx, and 409 IDEMPOTENCY_KEY_IN_USE (the first try of this very request still runs). */
async function worthRetrying(response: Response): Promise<boolean> {
  if (response.status === 429 || response.status >= 500) return true;
  if (response.status !== 409) return false;
  const problem = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return problem?.code === 'IDEMPOTENCY_KEY_IN_USE';
}

export function backoffMs(attempt: number, policy: RetryPolicy): number {
  return Math.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 10.2.3); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Until the document gives a success body its schema, its type is `never`; callers then say what they read. */
type Body<T> = [T] extends [never] ? unknown : T;

/** The success body of a call, or an ApiError with the problem the API answered. */
export async function bodyOf<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Body<T>> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(problemOf(error, response));
  return data as Body<T>;
}

/**
 * Every item of a paged list: asks for page after page, each with the cursor the one before gave in
 * its `X-Next-Cursor` header, until a page gives none.
 */
export async function everyItem<T>(
  page: (cursor: string | undefined) => Promise<{ data?: T[]; error?: unknown; response: Response }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const { data, error, response } = await page(cursor);
    if (!response.ok) throw new ApiError(problemOf(error, response));
    items.push(...(data ?? []));
    cursor = response.headers.get('x-next-cursor') ?? undefined;
  } while (cursor);
  return items;
}

function problemOf(error: unknown, response: Response): Problem {
  if (error && typeof error === 'object' && 'status' in error) return error as Problem;
  return {
    status: response.status,
    title: response.statusText,
    detail: typeof error === 'string' ? error : undefined,
  };
}
