import { publicHttp } from '#platform/http';
import { html } from '#platform/http-response';
import { docsPage } from './docs-page.ts';

let page: Promise<string> | undefined;

/** The browsable API reference, rendered in the browser from GET /openapi.json; built once per instance. */
export const handler = publicHttp({}, async () => {
  page ??= docsPage();
  return html(200, await page);
});
