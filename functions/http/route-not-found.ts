import { NotFound, Problem } from '#core/problem';
import type { HttpEvent } from '#platform/http-event';
import type { HttpResponse } from '#platform/http-response';
import { problemResponse } from '#platform/problem-response';
import { stageBaseUrl } from '#platform/request-base-url';
import { publicBaseUrl } from '#platform/stage-services';
import { matchRoute } from './route-match.ts';

/**
 * The `$default` route of the HTTP API (and the local server's fallback): every request no route of
 * the table serves gets a problem body like every other error: 405 with `Allow` when the path is
 * served under other methods, else 404.
 */
export async function handler(event: HttpEvent): Promise<HttpResponse> {
  const { requestId, stage, http } = event.requestContext;
  // Outside the $default stage, API Gateway keeps the stage segment in the path.
  const stagePrefix = `/${stage}/`;
  const path = event.rawPath.startsWith(stagePrefix)
    ? event.rawPath.slice(stagePrefix.length - 1)
    : event.rawPath;
  const match = matchRoute(http.method, path);
  const docsUrl = `${stageBaseUrl(event, publicBaseUrl())}/docs`;
  const allowed = 'allowed' in match ? match.allowed : [];
  const response =
    allowed.length > 0
      ? problemResponse(new Problem('METHOD_NOT_ALLOWED', `Use ${allowed.join(', ')}.`), requestId, docsUrl)
      : problemResponse(
          NotFound('ROUTE_NOT_FOUND', `No endpoint ${http.method} ${event.rawPath}.`),
          requestId,
          docsUrl,
        );
  const headers = { ...response.headers, 'x-request-id': requestId };
  return { ...response, headers: allowed.length > 0 ? { ...headers, allow: allowed.join(', ') } : headers };
}
