import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../functions/client/api-types.ts';

export type Api = Client<paths>;

/** A field error of a 422 answer: where it was and what is wrong with it. */
export interface FieldError {
  location: string;
  path: string;
  message: string;
}

/** What the API answered instead of success, as a person should see it (RFC 9457 problem). */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code: string | null,
    readonly requestId: string | null,
    readonly errors: readonly FieldError[] = [],
  ) {
    super(detail);
  }
}

/** The API is served on the console's own origin under its version segment. */
export const API_BASE = '/v1';

/** A client typed by the OpenAPI document; `onUnauthorized` runs when the key stops working. */
export function apiClient(apiKey: string, onUnauthorized: (problem: ApiProblem) => void): Api {
  return createClient<paths>({
    baseUrl: API_BASE,
    headers: { authorization: `Bearer ${apiKey}` },
    fetch: async (request) => {
      let response: Response;
      try {
        response = await fetch(request);
      } catch {
        throw new ApiProblem(
          0,
          'The service cannot be reached; check your connection and try again.',
          null,
          null,
        );
      }
      if (response.status === 401) onUnauthorized(await problemOf(response.clone()));
      return response;
    },
  });
}

interface ProblemBody {
  detail?: string;
  title?: string;
  code?: string;
  request_id?: string;
  errors?: FieldError[];
}

export async function problemOf(response: Response): Promise<ApiProblem> {
  return problemFrom(response, await response.json().catch(() => null));
}

function problemFrom(response: Response, body: unknown): ApiProblem {
  const problem = (typeof body === 'object' && body !== null ? body : {}) as ProblemBody;
  return new ApiProblem(
    response.status,
    problem.detail ?? problem.title ?? `The service answered ${response.status}.`,
    problem.code ?? null,
    problem.request_id ?? response.headers.get('x-request-id'),
    problem.errors ?? [],
  );
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The success body of a call, or its problem thrown. */
export async function ok<T>(call: Promise<Answer<T>>): Promise<T> {
  const answer = await call;
  if (!answer.response.ok) throw problemFrom(answer.response, answer.error);
  return answer.data as T;
}

/** One page of a list paged by cursor, and the cursor of the next page when there is one. */
export async function page<T>(call: Promise<Answer<T>>): Promise<{ items: T; next: string | null }> {
  const answer = await call;
  if (!answer.response.ok) throw problemFrom(answer.response, answer.error);
  return { items: answer.data as T, next: answer.response.headers.get('x-next-cursor') };
}
