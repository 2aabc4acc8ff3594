import { readFile } from 'node:fs/promises';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EndpointSchemas } from '#http/http';
import { COMPONENT_SCHEMAS } from '#http/openapi-components';
import { asJsonSchema, type Components, componentSchemas, openApiDocument } from '#http/openapi-document';
import { exampleOf } from '#http/openapi-example';
import { loadEndpoints } from '#local/load-endpoints';
import { type Route, routeKey, routes } from '#platform/routes';

let endpoints: { route: Route; schemas: EndpointSchemas }[];
let document: ReturnType<typeof openApiDocument>;
const components: Components = COMPONENT_SCHEMAS;

interface Operation {
  operationId: string;
  summary: string;
  parameters: { name: string; schema: Record<string, unknown> }[];
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: { allOf?: unknown[] } }> }
  >;
}

const operation = (method: string, path: string) =>
  (document.paths[path] as Record<string, Operation>)[method.toLowerCase()] as Operation;

/** The `code` enum a route's problem response of that status lists. */
const codesOf = (method: string, path: string, status: string) => {
  const schema = operation(method, path).responses[status]?.content?.['application/problem+json']?.schema;
  const codes = schema?.allOf?.[1] as { properties: { code: { enum: string[] } } } | undefined;
  return codes?.properties.code.enum;
};

beforeAll(async () => {
  endpoints = await loadEndpoints();
  document = openApiDocument(endpoints, components);
  // Loading every handler module takes seconds on a busy machine.
}, 60_000);

/** Findings of the recommended-strict rules that the contract itself causes, each with its reason. */
const ACCEPTED_FINDINGS: Record<string, string[]> = {
  // The service is not published under a licence.
  'info-license': ['#/info'],
  // The contract's paths: routing prefers the literal `setup` segment, as API Gateway does.
  'no-ambiguous-paths': ['#/paths/~1jobs~1{job_id}~1cancel'],
  // The document and the docs page take no input, so they have nothing to refuse.
  'operation-4xx-response': ['#/paths/~1openapi.json/get/responses', '#/paths/~1docs/get/responses'],
  // A download answers 302 to the file's short-lived URL.
  'operation-2xx-response': ['#/paths/~1exports~1{dataset}/get/responses'],
};

describe('the OpenAPI document', () => {
  it('has one operation per route of the table, each with a unique id and its summary', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method,
        operation: operation as Operation,
      })),
    );
    expect(operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual(
      routes.map(routeKey).sort(),
    );
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of routes) expect(operation(route.method, route.path).summary).toBe(route.summary);
  });

  it('lints clean with the recommended-strict rules of Redocly', async () => {
    const source = 'openapi.json';
    const ignore = {
      [source]: Object.fromEntries(
        Object.entries(ACCEPTED_FINDINGS).map(([rule, at]) => [rule, new Set(at)]),
      ),
    };
    const config = await createConfig({ extends: ['recommended-strict'] }, { ignore });
    const findings = await lintFromString({ source: JSON.stringify(document), absoluteRef: source, config });
    const open = findings.filter((finding) => !finding.ignored);
    expect(
      open.map((finding) => `${finding.ruleId} ${finding.location[0]?.pointer}: ${finding.message}`),
    ).toEqual([]);
  }, 60_000);

  it('lists the problem codes of each status a route can answer', () => {
    expect(codesOf('POST', '/jobs/matching/{job_id}/approve', '409')).toEqual([
      'IDEMPOTENCY_KEY_IN_USE',
      'JOB_NOT_AWAITING_APPROVAL',
      'QUOTE_CHANGED',
    ]);
    expect(codesOf('GET', '/account', '403')).toEqual(['INSUFFICIENT_SCOPE']);
    expect(codesOf('GET', '/customers/{customer_id}', '404')).toEqual(['CUSTOMER_NOT_FOUND']);
    expect(codesOf('GET', '/jobs/scraping/{job_id}', '401')).toEqual([
      'INVALID_API_KEY',
      'NOT_AUTHENTICATED',
    ]);
    expect(codesOf('GET', '/jobs/scraping/{job_id}', '403')).toEqual(['INSUFFICIENT_ROLE']);
    expect(codesOf('PATCH', '/projects/{project_id}', '403')).toEqual(['PROJECT_ACCESS_DENIED']);
    expect(operation('POST', '/billing/webhooks/stripe').responses['401']).toBeUndefined();
    expect(operation('GET', '/account').responses['422']).toBeUndefined();
  });

  it('pages every list by cursor: the cursor parameter, INVALID_CURSOR and the next-page headers', () => {
    const paged = routes.filter((route) => route.paged);
    expect(paged.map(routeKey)).toEqual(
      expect.arrayContaining([
        'GET /jobs/setup',
        'GET /jobs/scraping',
        'GET /jobs/matching',
        'GET /websites',
      ]),
    );
    for (const route of paged) {
      const { parameters, responses } = operation(route.method, route.path);
      expect(parameters.map((parameter) => parameter.name)).toEqual(
        expect.arrayContaining(['limit', 'cursor']),
      );
      expect(codesOf(route.method, route.path, '422')).toContain('INVALID_CURSOR');
      expect(Object.keys(responses['200']?.headers ?? {})).toEqual(['Link', 'X-Next-Cursor']);
    }
  });

  it('takes an Idempotency-Key on every creating POST, with its problems and the replay header', () => {
    // Cancelling creates nothing, and a repeated cancel already answers the job as it is.
    const creating = routes
      .filter((route) => route.method === 'POST' && route.auth === 'API_KEY')
      .map(routeKey)
      .filter((key) => key !== 'POST /jobs/{job_id}/cancel');
    expect(routes.filter((route) => route.idempotent).map(routeKey)).toEqual(creating);
    for (const route of routes.filter((each) => each.idempotent)) {
      const { parameters, responses } = operation(route.method, route.path);
      expect(parameters.find((parameter) => parameter.name === 'Idempotency-Key')?.schema).toMatchObject({
        maxLength: 255,
      });
      expect(codesOf(route.method, route.path, '422')).toEqual(
        expect.arrayContaining(['IDEMPOTENCY_KEY_INVALID', 'IDEMPOTENCY_KEY_REUSED']),
      );
      expect(codesOf(route.method, route.path, '409')).toContain('IDEMPOTENCY_KEY_IN_USE');
      const successes = Object.entries(responses).filter(([status]) => status.startsWith('2'));
      expect(successes.length, routeKey(route)).toBeGreaterThan(0);
      for (const [, answer] of successes)
        expect((answer as { headers?: object }).headers).toHaveProperty('Idempotent-Replayed');
      // The kept answers are written to the table.
      expect(route.access.table, routeKey(route)).toBe('RW');
    }
  });

  it('names the shared objects as component schemas and refers to them wherever they are answered', () => {
    const schemaOf = (method: string, path: string) =>
      (
        operation(method, path).responses['200']?.content?.['application/json'] as
          | { schema: unknown }
          | undefined
      )?.schema;
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    expect(schemaOf('GET', '/jobs/scraping/{job_id}')).toEqual(ref('ScrapeJob'));
    expect(schemaOf('GET', '/jobs/setup/{job_id}')).toEqual(ref('SetupJob'));
    expect(schemaOf('GET', '/jobs/matching/{job_id}')).toEqual(ref('MatchingJob'));
    expect(schemaOf('POST', '/jobs/{job_id}/cancel')).toEqual(ref('Job'));
    expect(schemaOf('GET', '/websites')).toEqual({ type: 'array', items: ref('Website') });
    expect(schemaOf('GET', '/websites/{website_id}')).toEqual(ref('Website'));
    expect(schemaOf('GET', '/projects/{project_id}')).toEqual(ref('Project'));
    expect(schemaOf('GET', '/schedules/{schedule_id}')).toEqual(ref('Schedule'));
    const schemas = document.components.schemas as Record<string, { properties: Record<string, unknown> }>;
    for (const job of ['SetupJob', 'ScrapeJob', 'MatchingJob'])
      expect(schemas[job]?.properties.estimate, job).toMatchObject({
        anyOf: [ref('Estimate'), { type: 'null' }],
      });
    const text = JSON.stringify(document);
    for (const name of Object.keys(components))
      expect(text, name).toContain(`"#/components/schemas/${name}"`);
  });

  it('describes every parameter', () => {
    const undescribed = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, Operation>).flatMap(([method, { parameters }]) =>
        (parameters as { name: string; description?: string; schema: { description?: string } }[])
          .filter((parameter) => !parameter.description && !parameter.schema.description)
          .map((parameter) => `${method.toUpperCase()} ${path} ${parameter.name}`),
      ),
    );
    expect(undescribed).toEqual([]);
  });

  it('describes every field of every answer, inside inline objects and arrays too', () => {
    type Schema = Record<string, unknown>;
    const undescribed: string[] = [];
    const walk = (schema: Schema | undefined, where: string): void => {
      if (!schema || typeof schema !== 'object') return;
      for (const [field, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        if (!property.description) undescribed.push(`${where}.${field}`);
        walk(property, `${where}.${field}`);
      }
      walk(schema.items as Schema | undefined, `${where}[]`);
      for (const key of ['anyOf', 'oneOf', 'allOf'])
        for (const branch of (schema[key] ?? []) as Schema[]) walk(branch, where);
    };
    for (const [name, schema] of Object.entries(document.components.schemas as Record<string, Schema>))
      walk(schema, name);
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, { responses }] of Object.entries(methods as Record<string, Operation>))
        for (const [status, answer] of Object.entries(responses))
          for (const body of Object.values((answer as { content?: Record<string, Schema> }).content ?? {}))
            walk(body.schema as Schema, `${method.toUpperCase()} ${path} ${status}`);
    expect(undescribed).toEqual([]);
  });

  it('types the page size as the integer a caller sends', () => {
    const limit = operation('GET', '/jobs/setup').parameters.find((parameter) => parameter.name === 'limit');
    expect(limit?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
  });

  it("gives every request and answer body an example that the handler's own schema accepts", () => {
    for (const { route, schemas } of endpoints) {
      const answers = Object.values(schemas.responses).filter(
        (body): body is v.GenericSchema => body !== null && !('mediaType' in body),
      );
      const bodies = schemas.body ? [schemas.body, ...answers] : answers;
      for (const schema of bodies) {
        const result = v.safeParse(
          schema,
          exampleOf(asJsonSchema(schema, components), '', componentSchemas(components)),
        );
        expect(
          result.issues?.map((issue) => v.getDotPath(issue)),
          routeKey(route),
        ).toBeUndefined();
      }
    }
  });

  it('is the one committed in docs/openapi.json (regenerate it with npm run openapi)', async () => {
    const committed = JSON.parse(await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
