import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import document from '../../docs/openapi.json' with { type: 'json' };
import { API_TYPES_PATH, generateApiTypes } from './generate-api-types.ts';

describe('the typed client', () => {
  it('has the types the OpenAPI document generates today (else run npm run client)', async () => {
    const committed = await readFile(API_TYPES_PATH, 'utf8');
    expect(committed).toBe(await generateApiTypes(document));
  });
});
