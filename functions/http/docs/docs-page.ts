import { PROBLEM_CATALOGUE } from '#core/problem-catalogue';
import { problemAnchor } from '#platform/problem-response';
import { DOCS_ASSETS, readDocsAsset } from './docs-assets.ts';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * Every problem code with its status and title, each row the target of the `type` URL of its
 * problem bodies (`…/docs#problem-not-authenticated`).
 */
function problemTypes(): string {
  const rows = Object.entries(PROBLEM_CATALOGUE).map(
    ([code, { status, title }]) =>
      `<tr id="${problemAnchor(code)}"><td><code>${code}</code></td><td>${status}</td><td>${escapeHtml(title)}</td></tr>`,
  );
  return [
    '<section id="problems" style="font-family: sans-serif; max-width: 1460px; margin: 2em auto; padding: 0 20px">',
    '<h2>Problem types</h2>',
    '<p>Every error is an RFC 9457 problem body whose <code>type</code> links to its row here; its <code>code</code> is stable, its <code>detail</code> says what went wrong in this request.</p>',
    '<table><thead><tr><th>code</th><th>status</th><th>title</th></tr></thead><tbody>',
    ...rows,
    '</tbody></table>',
    '</section>',
  ].join('\n');
}

const dataUrl = (type: string, text: string) => `data:${type};base64,${Buffer.from(text).toString('base64')}`;

/**
 * The API reference as one self-contained HTML page: Swagger UI's script and styles travel inside it
 * as data URLs (one route, nothing from a CDN), and it renders the document the API serves beside it
 * (`openapi.json`, relative to `/v1/docs`).
 */
export async function docsPage(): Promise<string> {
  const [script, styles] = await Promise.all([
    readDocsAsset(DOCS_ASSETS.script),
    readDocsAsset(DOCS_ASSETS.styles),
  ]);
  // A problem's `type` link names its row; the reference renders above it after load, so the page
  // scrolls there once the reference is in place.
  const start =
    "SwaggerUIBundle({ url: 'openapi.json', dom_id: '#reference', deepLinking: true, onComplete: () => " +
    "{ const row = location.hash.startsWith('#problem-') && document.getElementById(location.hash.slice(1)); if (row) row.scrollIntoView(); } });";
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Product-data API reference</title>',
    `<link rel="stylesheet" href="${dataUrl('text/css', styles)}">`,
    '</head>',
    '<body>',
    '<div id="reference"></div>',
    problemTypes(),
    `<script src="${dataUrl('text/javascript', script)}"></script>`,
    `<script src="${dataUrl('text/javascript', start)}"></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
