import { writeFile } from 'node:fs/promises';
import { openApiDocument } from '#http/openapi-document';

// Handler modules read their settings when imported; the document needs none of their values.
for (const name of ['TABLE_NAME', 'DATA_BUCKET', 'EXPORTS_BUCKET', 'MAIL_OUTBOX_DIR'])
  process.env[name] ??= 'openapi';
const { loadEndpoints } = await import('#local/load-endpoints');
const { COMPONENT_SCHEMAS } = await import('#http/openapi-components');

const target = process.argv[2] ?? 'docs/openapi.json';
await writeFile(
  target,
  `${JSON.stringify(openApiDocument(await loadEndpoints(), COMPONENT_SCHEMAS), null, 2)}\n`,
);
console.log(`Wrote ${target}`);
