import { writeFile } from 'node:fs/promises';
import { COMPONENT_SCHEMAS } from '#http/openapi-components';
import { openApiDocument } from '#http/openapi-document';
import { loadEndpoints } from '#local/load-endpoints';

const target = process.argv[2] ?? 'docs/openapi.json';
await writeFile(
  target,
  `${JSON.stringify(openApiDocument(await loadEndpoints(), COMPONENT_SCHEMAS), null, 2)}\n`,
);
console.log(`Wrote ${target}`);
