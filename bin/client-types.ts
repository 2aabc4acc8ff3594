import { readFile, writeFile } from 'node:fs/promises';
import { API_TYPES_PATH, generateApiTypes } from '../functions/client/generate-api-types.ts';

const document = JSON.parse(await readFile('docs/openapi.json', 'utf8'));
await writeFile(API_TYPES_PATH, await generateApiTypes(document));
console.log(`Wrote ${API_TYPES_PATH}`);
