import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { Route } from '#platform/routes';

export interface EndpointSchemas {
  body?: v.GenericSchema;
  query?: v.GenericSchema;
  path?: v.GenericSchema;
}

type JsonSchema = Record<string, unknown>;

// Checks and transforms (trimming, code-point lengths) have no JSON Schema form; the types and the
// rest of each constraint still come through.
const asJsonSchema = (schema: v.GenericSchema): JsonSchema =>
  toJsonSchema(schema, { errorMode: 'ignore', target: 'openapi-3.0' }) as JsonSchema;

function parameters(schema: v.GenericSchema | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const object = asJsonSchema(schema);
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

const problem = { $ref: '#/components/responses/Problem' };

/** The OpenAPI 3.0 document of the route table, with each endpoint's own request schemas. */
export function openApiDocument(endpoints: { route: Route; schemas: EndpointSchemas }[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const shared = new Set(
    endpoints.map(({ route }) => route.handler).filter((handler, i, all) => all.indexOf(handler) !== i),
  );
  for (const { route, schemas } of endpoints) {
    const name = (route.handler.split('/').at(-1) ?? route.handler).replace(/-(\w)/g, (_, letter: string) =>
      letter.toUpperCase(),
    );
    const operation: Record<string, unknown> = {
      // A handler serving several methods (the checkout page) gets one id per method.
      operationId: shared.has(route.handler)
        ? `${name}${route.method[0]}${route.method.slice(1).toLowerCase()}`
        : name,
      tags: [route.handler.split('/')[0]],
      parameters: [...parameters(schemas.path, 'path'), ...parameters(schemas.query, 'query')],
      responses: {
        '2XX': { description: 'Success' },
        ...(route.auth === 'API_KEY' ? { '401': problem, '403': problem } : {}),
        '404': problem,
        ...(schemas.body || schemas.query || schemas.path ? { '422': problem } : {}),
        '503': problem,
      },
      ...(route.auth === 'API_KEY' ? {} : { security: [] }),
    };
    if (schemas.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: asJsonSchema(schemas.body) } },
      };
    }
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Product-data service',
      version: '1.0.0',
      description:
        'Analyse online shops, scrape their products, match them across shops, export the results.',
    },
    servers: [{ url: 'http://127.0.0.1:3000/v1', description: 'npm start' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key: pds_…' } },
      responses: {
        Problem: {
          description: 'An RFC 9457 problem; `code` is stable, `errors` lists the fields of a 422.',
          content: {
            'application/problem+json': {
              schema: {
                type: 'object',
                required: ['type', 'title', 'status', 'code', 'request_id'],
                properties: {
                  type: { type: 'string' },
                  title: { type: 'string' },
                  status: { type: 'integer' },
                  detail: { type: 'string' },
                  code: { type: 'string' },
                  request_id: { type: 'string' },
                  errors: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        location: { type: 'string', enum: ['body', 'query', 'path', 'header'] },
                        path: { type: 'string' },
                        message: { type: 'string' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
}
