import { DOCS_ASSETS, readDocsAsset } from './docs-assets.ts';

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
  const start = "SwaggerUIBundle({ url: 'openapi.json', dom_id: '#reference', deepLinking: true });";
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
    `<script src="${dataUrl('text/javascript', script)}"></script>`,
    `<script src="${dataUrl('text/javascript', start)}"></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
