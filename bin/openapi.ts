import { writeFile } from 'node:fs/promises';
import { openApiDocument } from '#http/openapi-document';

// The invoice and export-file modules still read their buckets when imported; the document needs neither.
for (const name of ['DATA_BUCKET', 'EXPORTS_BUCKET']) process.env[name] ??= 'openapi';
const { loadEndpoints } = await import('#local/load-endpoints');
const { COMPONENT_SCHEMAS } = await import('#http/openapi-components');

const target = process.argv[2] ?? 'docs/openapi.json';
await writeFile(
  target,
  `${JSON.stringify(openApiDocument(await loadEndpoints(), COMPONENT_SCHEMAS), null, 2)}\n`,
);
console.log(`Wrote ${target}`);
