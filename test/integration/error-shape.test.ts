import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from '#core/problem';
import type { RunningStack } from '#local/start-stack';
import { type Route, routes } from '#platform/routes';
import type { ApiClient, ApiResponse } from '#test/api-client';
import { startOwnedProject } from '#test/owned-project';

/**
 * Every 422 of every route has one shape: a problem body whose `errors` name each field at fault
 * with its `location` (body, query, path, header). The sweep sends each route a malformed part of
 * each kind it takes, read from the committed OpenAPI document: a path id that is no id, a query
 * value off its schema, a body that is no object, an Idempotency-Key that cannot be kept and a
 * cursor that no list handed out. (The api client checks each answer against the document too,
 * where a 422 without `errors` is off its schema.)
 */
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Record<string, unknown>;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: unknown;
}
const document = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let projectId: string;

beforeAll(async () => {
  ({ stack, api, customerId, projectId } = await startOwnedProject());
});
afterAll(() => stack?.stop());

const operation = (route: Route): Operation =>
  document.paths[route.path]?.[route.method.toLowerCase()] as Operation;
const parametersIn = (route: Route, where: Parameter['in']) =>
  (operation(route).parameters ?? []).filter((parameter) => parameter.in === where);

/** The route's path with its ids filled: the caller's own customer and project, made-up ids else. */
const pathOf = (route: Route, bad?: string) =>
  route.path.replace(/\{([a-z_]+)\}/g, (_, name: string) =>
    name === bad
      ? encodeURIComponent('not an id!')
      : name === 'customer_id'
        ? customerId
        : name === 'project_id'
          ? projectId
          : name === 'dataset'
            ? 'products'
            : `${name.replace('_id', '')}_unknown`,
  );

/** A value the parameter's schema refuses, or null when the schema takes any text. */
function offSchema(schema: Record<string, unknown>): string | null {
  if (schema.enum) return 'NOT_ONE_OF_THEM';
  if (schema.type === 'integer' || schema.type === 'number') return 'twelve';
  if (schema.type === 'boolean') return 'maybe';
  if (schema.format === 'date-time' || schema.format === 'date') return 'someday';
  if (typeof schema.maxLength === 'number') return 'x'.repeat(schema.maxLength + 1);
  if (typeof schema.pattern === 'string') return 'not an id!';
  return null;
}

/** A value the schema takes, for the required parameters a case does not spoil. */
function onSchema(name: string, schema: Record<string, unknown>): string {
  if (name === 'project_id') return projectId;
  if (schema.enum) return String((schema.enum as unknown[])[0]);
  if (schema.type === 'integer') return '1';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  if (name === 'month') return '2026-01';
  return 'x';
}

const requiredQuery = (route: Route, except?: string) =>
  Object.fromEntries(
    parametersIn(route, 'query')
      .filter((parameter) => parameter.required && parameter.name !== except)
      .map((parameter) => [parameter.name, onSchema(parameter.name, parameter.schema)]),
  );

function expectFieldErrors(answer: ApiResponse, location: FieldError['location'], path?: string) {
  const where = `${answer.status} ${answer.text}`;
  expect(answer.status, where).toBe(422);
  expect(answer.headers.get('content-type')).toBe('application/problem+json');
  const errors = answer.body.errors as FieldError[];
  expect(errors.length, where).toBeGreaterThan(0);
  for (const error of errors) {
    expect(['body', 'query', 'path', 'header'], where).toContain(error.location);
    expect(error).toEqual({
      location: error.location,
      path: expect.any(String),
      message: expect.any(String),
    });
  }
  expect(
    errors.some((error) => error.location === location && (path === undefined || error.path === path)),
    where,
  ).toBe(true);
}

const keyed = routes.filter((route) => route.auth === 'API_KEY');
const named = (list: Route[]) => list.map((route) => [`${route.method} ${route.path}`, route] as const);
const withBody = (route: Route) => operation(route).requestBody !== undefined;

describe('a path id that is no id', () => {
  it.each(named(keyed.filter((route) => parametersIn(route, 'path').length > 0)))('%s', async (_, route) => {
    for (const parameter of parametersIn(route, 'path')) {
      const answer = await api.request(route.method, pathOf(route, parameter.name), {
        query: requiredQuery(route),
        ...(withBody(route) ? { rawBody: '{}', headers: { 'content-type': 'application/json' } } : {}),
      });
      expectFieldErrors(answer, 'path', parameter.name);
    }
  });
});

describe('a query value off its schema', () => {
  const cases = keyed.flatMap((route) =>
    parametersIn(route, 'query')
      .filter((parameter) => parameter.name !== 'token' && offSchema(parameter.schema) !== null)
      .map((parameter) => [`${route.method} ${route.path} ?${parameter.name}`, route, parameter] as const),
  );
  it.each(cases)('%s', async (_, route, parameter) => {
    const answer = await api.request(route.method, pathOf(route), {
      query: { ...requiredQuery(route, parameter.name), [parameter.name]: offSchema(parameter.schema) ?? '' },
      ...(withBody(route) ? { rawBody: '{}', headers: { 'content-type': 'application/json' } } : {}),
    });
    expectFieldErrors(answer, 'query', parameter.name);
  });
});

describe('a body that is no JSON object', () => {
  it.each(named(keyed.filter(withBody)))('%s', async (_, route) => {
    for (const rawBody of ['[]', '{', '"text"']) {
      const answer = await api.request(route.method, pathOf(route), {
        query: requiredQuery(route),
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expectFieldErrors(answer, 'body');
    }
  });
});

describe('an Idempotency-Key that cannot be kept', () => {
  it.each(named(keyed.filter((route) => route.idempotent)))('%s', async (_, route) => {
    for (const key of ['', 'k'.repeat(256), 'tab\there']) {
      const answer = await api.request(route.method, pathOf(route), {
        query: requiredQuery(route),
        rawBody: '{}',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
      });
      expectFieldErrors(answer, 'header', 'Idempotency-Key');
    }
  });
});

describe('a cursor no list handed out', () => {
  // Lists under another resource than the caller's project or customer answer 404 for the made-up
  // one before they read a cursor.
  const ownLists = keyed.filter(
    (route) =>
      route.paged &&
      (route.path.match(/\{[a-z_]+\}/g) ?? []).every((name) => /customer_id|project_id/.test(name)),
  );
  it.each(named(ownLists))('%s', async (_, route) => {
    const answer = await api.request(route.method, pathOf(route), {
      query: { ...requiredQuery(route), cursor: 'bm90IGEgY3Vyc29y.c2lnbmF0dXJl' },
    });
    expect(answer.body.code).toBe('INVALID_CURSOR');
    expectFieldErrors(answer, 'query', 'cursor');
  });
});
