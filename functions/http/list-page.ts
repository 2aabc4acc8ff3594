import type { Principal } from '#core/access-policy';
import { decodeCursor, encodeCursor, type ListPosition } from '#core/list-cursor';
import type { HttpEvent } from '#platform/http-event';
import { type HttpResponse, json } from '#platform/http-response';
import { readSecrets } from '#platform/secrets';

async function signingKey(): Promise<string> {
  const { CURSOR_SIGNING_KEY } = await readSecrets(['CURSOR_SIGNING_KEY']);
  if (!CURSOR_SIGNING_KEY) throw new Error('No list-cursor signing key is configured (CURSOR_SIGNING_KEY)');
  return CURSOR_SIGNING_KEY;
}

/**
 * What a cursor is bound to: the route, the caller's user, the path and every query field but the
 * cursor and the page size. A cursor of another list, project, website filter or user is foreign.
 */
function scopeOf(event: HttpEvent, principal: Principal | undefined): string {
  const { cursor: _cursor, limit: _limit, token: _token, ...filters } = event.queryStringParameters ?? {};
  return JSON.stringify([
    event.routeKey,
    principal?.userId ?? null,
    Object.entries(event.pathParameters ?? {}).sort(),
    Object.entries(filters).sort(),
  ]);
}

export interface ListPage {
  /** Where the page starts: after the item the caller's cursor names, or at the newest without one. */
  after: ListPosition | undefined;
  /**
   * The 200 answer with the page (its items, or a body holding them), and a `Link: <…>; rel="next"`
   * header when more follow.
   */
  answer: (page: unknown, next: ListPosition | undefined) => Promise<HttpResponse>;
}

/** Cursor paging of one list request: reads the caller's cursor, and links the next page. */
export async function listPage(
  event: HttpEvent,
  principal: Principal | undefined,
  baseUrl: string,
  given: string | undefined,
): Promise<ListPage> {
  const scope = scopeOf(event, principal);
  const after = given === undefined ? undefined : decodeCursor(given, scope, await signingKey());
  return {
    after,
    answer: async (body, next) => {
      if (!next) return json(200, body);
      const nextCursor = encodeCursor(next, scope, await signingKey());
      const query = new URLSearchParams(event.queryStringParameters as Record<string, string> | undefined);
      query.delete('token');
      query.set('cursor', nextCursor);
      const path = event.routeKey.split(' ')[1] ?? '';
      const concrete = path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent(event.pathParameters?.[name] ?? ''),
      );
      return json(200, body, {
        link: `<${baseUrl}${concrete}?${query}>; rel="next"`,
        'x-next-cursor': nextCursor,
      });
    },
  };
}
