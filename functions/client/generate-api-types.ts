import openapiTS, { type OpenAPI3 } from 'openapi-typescript';

/** Where the generated types live, relative to the repository root. */
export const API_TYPES_PATH = 'functions/client/api-types.ts';

/** The TypeScript types of every route of the OpenAPI document, as openapi-fetch reads them. */
export function generateApiTypes(document: unknown): Promise<string> {
  return openapiTS(document as OpenAPI3);
}
