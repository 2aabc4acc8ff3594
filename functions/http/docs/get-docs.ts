import { compressedText } from '#platform/compressed-response';
import type { HttpResponse } from '#platform/http-response';
import { publicHttp } from '../http.ts';
import { docsPage } from './docs-page.ts';

let answer: Promise<(acceptEncoding: string | undefined) => HttpResponse> | undefined;

/**
 * The browsable API reference, rendered in the browser from GET /openapi.json. The page holds Swagger
 * UI (2.5 MB), so it is built and compressed once per instance and cached by browsers for an hour.
 */
export const handler = publicHttp({ responses: { 200: { mediaType: 'text/html' } } }, async (request) => {
  answer ??= docsPage().then((page) =>
    compressedText(page, { contentType: 'text/html; charset=utf-8', cacheControl: 'public, max-age=3600' }),
  );
  return (await answer)(request.event.headers?.['accept-encoding']);
});
