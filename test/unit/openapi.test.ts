import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '#http/openapi-document';
import { routes } from '#platform/routes';

let document: ReturnType<typeof openApiDocument>;

beforeAll(async () => {
  for (const name of ['TABLE_NAME', 'DATA_BUCKET', 'EXPORTS_BUCKET', 'MAIL_OUTBOX_DIR'])
    process.env[name] ??= 'openapi';
  const { loadEndpoints } = await import('#local/load-endpoints');
  document = openApiDocument(await loadEndpoints());
});

describe('the OpenAPI document', () => {
  it('has one operation per route of the table, each with a unique id', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method,
        operation: operation as { operationId: string },
      })),
    );
    expect(operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual(
      routes.map((route) => `${route.method} ${route.path}`).sort(),
    );
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is the one committed in docs/openapi.json (regenerate it with npm run openapi)', async () => {
    const committed = JSON.parse(await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
