import { html } from '#platform/http-response';
import { publicHttp } from '../http.ts';
import { docsPage } from './docs-page.ts';

let page: Promise<string> | undefined;

/** The browsable API reference, rendered in the browser from GET /openapi.json; built once per instance. */
export const handler = publicHttp({ responses: { 200: { mediaType: 'text/html' } } }, async () => {
  page ??= docsPage();
  return html(200, await page);
});
