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
}

const READ_ATTEMPTS = 3;

/** A fetch client typed by the OpenAPI document; every request carries the API key. */
export function pdsClient({ baseUrl, apiKey }: ClientSettings): PdsClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${apiKey}` },
    fetch: async (request) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await fetch(request.clone());
        } catch (error) {
          // A kept-alive connection the server closed at that moment fails a request it never read
          // (ECONNRESET); reading again is safe, changing again is not.
          if (request.method !== 'GET' || attempt === READ_ATTEMPTS)
            throw new UnreachableError(
              `Cannot reach ${baseUrl}: ${(error as Error).cause ?? (error as Error).message}`,
            );
        }
      }
    },
  });
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
