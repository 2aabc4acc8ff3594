import { type ConversionConfig, toJsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { actionProblems } from '#core/access-policy';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '#core/idempotency';
import { PROBLEM_CATALOGUE, type ProblemCode } from '#core/problem-catalogue';
import { problemAnchor } from '#platform/problem-response';
import { cursor, LIMIT, limit, wholeListLimit } from '#platform/request-fields';
import { API_VERSION, type Route } from '#platform/routes';
import type { AnswerBody, AnswerStatus, EndpointSchemas } from './http.ts';
import { exampleOf } from './openapi-example.ts';
import { describeFields } from './openapi-field-descriptions.ts';

type JsonSchema = Record<string, unknown>;

/**
 * The query string carries text, so a page size is validated as digits and parsed; the reference
 * shows what a caller sends: a whole number in range.
 */
const OVERRIDES = new Map<unknown, JsonSchema>([
  [limit, { type: 'integer', minimum: LIMIT.min, maximum: LIMIT.max, default: LIMIT.default }],
  [wholeListLimit, { type: 'integer', minimum: LIMIT.min, maximum: LIMIT.max, default: LIMIT.max }],
  [
    cursor,
    {
      type: 'string',
      description:
        'Opaque: the next page after the one whose `Link` (rel="next") or `X-Next-Cursor` header gave it. Only valid with the same list, project and filters (INVALID_CURSOR otherwise).',
    },
  ],
]);

// Checks and transforms (trimming, code-point lengths) have no JSON Schema form; the types and the
// rest of each constraint still come through.
const CONVERSION: ConversionConfig = {
  errorMode: 'ignore',
  target: 'draft-2020-12',
  overrideSchema: ({ valibotSchema }) => OVERRIDES.get(valibotSchema),
};

/** The converter names shared objects in `$defs`; the document keeps them in its components. */
const inComponents = (json: JsonSchema): JsonSchema =>
  JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;

/** Shared objects by the name the document gives them (`openapi-components.ts`). */
export type Components = Record<string, v.GenericSchema>;

/** A valibot schema as JSON Schema, each shared object in it a reference to its component. */
export function asJsonSchema(schema: v.GenericSchema, components: Components = {}): JsonSchema {
  const {
    $schema: _dialect,
    $defs: _shared,
    ...json
  } = toJsonSchema(schema, { ...CONVERSION, definitions: components }) as JsonSchema;
  return inComponents(json);
}

/** The named shared objects as the document's component schemas. */
export function componentSchemas(components: Components): Record<string, JsonSchema> {
  return describeFields(
    inComponents(toJsonSchemaDefs(components, CONVERSION) as JsonSchema) as Record<string, JsonSchema>,
  );
}

/**
 * What each parameter name means wherever it appears (an endpoint's own schema description wins):
 * one wording for one fact, so `project_id` reads the same on every route.
 */
const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  customer_id: 'The customer (`cus_…`), as GET /customers lists them.',
  dataset:
    'The export dataset: `products`, `matches`, `price_comparison`, `price_history` or `price_changes`.',
  decision_id: 'The match decision (`mdc_…`), as the list of decisions gives it.',
  delivery_id: 'The webhook delivery (`dlv_…`), as the list of deliveries gives it.',
  invoice_id: 'The invoice (`inv_…`), as the list of invoices gives it.',
  job_id: 'The job (`job_…`), as its creation answered it.',
  key_id: 'The API key (`key_…`), as the list of keys gives it; never the key itself.',
  project_id: 'The project (`prj_…`). A PROJECT key sees its own project only.',
  schedule_id: 'The schedule (`sch_…`).',
  session_id: 'The checkout session of the top-up, as POST …/billing/topup answered it.',
  webhook_id: 'The webhook (`whk_…`).',
  website_id: 'The website (`web_…`) of the project, as GET /websites lists them.',
  limit: 'Items per page: 1 to 100. Fewer come on the last page.',
  from: 'Start of the time range, ISO 8601 (e.g. `2026-11-01T00:00:00Z`), included; default: the oldest kept.',
  to: 'End of the time range, ISO 8601, included; default: now.',
  since: 'Only changes detected at or after this instant, ISO 8601; default: the oldest kept.',
  kind: 'Only changes of this kind.',
  min_change_percent:
    "Hide price moves smaller than this percentage for this request (0: every move); default: the project's `change_threshold_percent`.",
  month: 'The billing month, `YYYY-MM` in Europe/Prague time; default: the current month.',
  product_id: 'The product (`prd_…`) as history and changes name it; or give `product_url`.',
  product_url: 'The product page URL as the scrape fetched it; or give `product_id`.',
};

function parameters(schema: v.GenericSchema | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const object = asJsonSchema(schema);
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const description = (property.description as string | undefined) ?? PARAMETER_DESCRIPTIONS[name];
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: property,
    };
  });
}

/** Every problem code a route can answer with: its kind's, its policy action's and its own. */
export function routeProblemCodes(route: Route, schemas: EndpointSchemas): ProblemCode[] {
  const codes = new Set<ProblemCode>();
  if (route.auth === 'API_KEY')
    for (const code of ['NOT_AUTHENTICATED', 'INVALID_API_KEY', 'RATE_LIMITED'] as const) codes.add(code);
  if (route.scope === 'USER') codes.add('INSUFFICIENT_SCOPE');
  for (const code of route.action ? actionProblems(route.action) : []) codes.add(code);
  for (const code of route.problems) codes.add(code);
  if (route.idempotent)
    for (const code of [
      'IDEMPOTENCY_KEY_INVALID',
      'IDEMPOTENCY_KEY_REUSED',
      'IDEMPOTENCY_KEY_IN_USE',
    ] as const)
      codes.add(code);
  if (route.paged) codes.add('INVALID_CURSOR');
  if (schemas.body || schemas.query || schemas.path) codes.add('VALIDATION_ERROR');
  // API Gateway refuses a body over its limit before any handler runs; the local server does the same.
  if (schemas.body) codes.add('PAYLOAD_TOO_LARGE');
  // Any handler can fail, and every one reads the table, which can be out of reach.
  codes.add('INTERNAL_ERROR');
  codes.add('SERVICE_UNAVAILABLE');
  return [...codes].sort();
}

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the first answer is kept for 24 hours and replayed to a repeat with this key and ' +
    'the same request (IDEMPOTENCY_KEY_REUSED for another request, IDEMPOTENCY_KEY_IN_USE while the first ' +
    'still runs). Keys belong to your user (and the project of a project key) and to this route.',
  schema: {
    type: 'string',
    minLength: 1,
    maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
    pattern: '^[\\x20-\\x7E]+$',
  },
};

const REPLAYED_HEADER = {
  'Idempotent-Replayed': {
    description: 'true when this is the kept answer to an earlier request with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
};

const NEXT_PAGE_HEADERS = {
  Link: {
    description:
      'Present when more items follow: `<URL>; rel="next"` (RFC 8288), this request with the `cursor` of the next page. Absent on the last page.',
    schema: { type: 'string' },
  },
  'X-Next-Cursor': {
    description:
      'The same next-page cursor alone, for clients that do not parse Link; absent on the last page.',
    schema: { type: 'string' },
  },
};

/** A paged list's 200 says where the next page is. */
function withNextPageHeaders(answer: Record<string, unknown>) {
  return {
    ...answer,
    headers: { ...(answer.headers as Record<string, unknown> | undefined), ...NEXT_PAGE_HEADERS },
  };
}

/** The answers of a route taking an Idempotency-Key can be replays, and say so in a header. */
function withReplayHeader(answer: Record<string, unknown>) {
  return {
    ...answer,
    headers: { ...(answer.headers as Record<string, unknown> | undefined), ...REPLAYED_HEADER },
  };
}

const ANSWER_DESCRIPTIONS: Record<AnswerStatus, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  302: 'Found: the file is at the `location` header',
  400: 'Bad request',
  404: 'Not found',
};

/** A body's JSON Schema and its example. */
type BodySchema = (schema: v.GenericSchema) => { schema: JsonSchema; example: unknown };

function answerResponse(status: AnswerStatus, body: AnswerBody, bodySchema: BodySchema) {
  const description = ANSWER_DESCRIPTIONS[status];
  if (body === null) {
    return status === 302
      ? { description, headers: { location: { required: true, schema: { type: 'string', format: 'uri' } } } }
      : { description };
  }
  if ('mediaType' in body) {
    return { description, content: { [body.mediaType]: { schema: { type: 'string' } } } };
  }
  return { description, content: { 'application/json': bodySchema(body) } };
}

/** A 429 says when to come back; the limits themselves are the stage's (README, Rate limits). */
const RETRY_AFTER = {
  'Retry-After': {
    required: true,
    description:
      'Seconds until the API key may send again. Each key has a token bucket (a burst, refilled at a steady rate per second) set per stage.',
    schema: { type: 'integer', minimum: 1 },
  },
};

const EXAMPLE_FIELD_ERROR = {
  location: 'body',
  path: 'project_id',
  message: 'Invalid type: Expected string',
};

const CODES_OF_STATUS = 'The codes this endpoint answers with this status.';

function problemResponses(codes: ProblemCode[]) {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) {
    const { status } = PROBLEM_CATALOGUE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, statusCodes]) => {
      const [first] = statusCodes as [ProblemCode];
      return [
        String(status),
        {
          description: statusCodes.map((code) => `${code}: ${PROBLEM_CATALOGUE[code].title}`).join('; '),
          ...(status === 429 ? { headers: RETRY_AFTER } : {}),
          content: {
            'application/problem+json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/Problem' },
                  status === 422
                    ? {
                        type: 'object',
                        required: ['errors'],
                        properties: {
                          code: { type: 'string', enum: statusCodes, description: CODES_OF_STATUS },
                          errors: {
                            type: 'array',
                            minItems: 1,
                            description: 'Each invalid field and why: at least one.',
                          },
                        },
                      }
                    : {
                        type: 'object',
                        properties: {
                          code: { type: 'string', enum: statusCodes, description: CODES_OF_STATUS },
                        },
                      },
                ],
              },
              example: {
                type: `http://127.0.0.1:3000/v1/docs#${problemAnchor(first)}`,
                title: PROBLEM_CATALOGUE[first].title,
                status,
                detail: PROBLEM_CATALOGUE[first].title,
                code: first,
                request_id: 'req_0123456789',
                ...(status === 422 ? { errors: [EXAMPLE_FIELD_ERROR] } : {}),
              },
            },
          },
        },
      ];
    }),
  );
}

type Responses = Record<string, { description: string; content?: Record<string, unknown> }>;

/** A status both answered by the handler (an HTML page) and as a problem lists both media types. */
function mergeResponses(answers: Responses, problems: Responses): Responses {
  const merged = { ...answers };
  for (const [status, problem] of Object.entries(problems)) {
    const answer = merged[status];
    merged[status] = answer
      ? {
          description: `${answer.description}; ${problem.description}`,
          content: { ...answer.content, ...problem.content },
        }
      : problem;
  }
  return Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
}

const TAGS: Record<string, string> = {
  openapi: 'This document',
  account: 'Your account and API keys',
  customers: 'Customers you belong to, and their projects',
  billing: 'Prepaid credit, top-ups, usage and invoices',
  projects: 'Projects: where websites, jobs and exports live',
  jobs: 'Setup, scraping and matching jobs',
  contact: 'Requests to the sales or support team',
  websites: 'Websites set up in a project',
  exports: 'Export files of a project',
};

/** The OpenAPI 3.1 document of the route table, with each endpoint's own schemas and problems. */
export function openApiDocument(
  endpoints: { route: Route; schemas: EndpointSchemas }[],
  named: Components = {},
) {
  const components = componentSchemas(named);
  const bodySchema: BodySchema = (body) => {
    const schema = asJsonSchema(body, named);
    return { schema, example: exampleOf(schema, '', components) };
  };
  const paths: Record<string, Record<string, unknown>> = {};
  const shared = new Set(
    endpoints.map(({ route }) => route.handler).filter((handler, i, all) => all.indexOf(handler) !== i),
  );
  for (const { route, schemas } of endpoints) {
    const name = (route.handler.split('/').at(-1) ?? route.handler).replace(/-(\w)/g, (_, letter: string) =>
      letter.toUpperCase(),
    );
    const answers = Object.entries(schemas.responses).map(([status, body]) => {
      const answer = answerResponse(Number(status) as AnswerStatus, body as AnswerBody, bodySchema);
      const paged = route.paged && status === '200' ? withNextPageHeaders(answer) : answer;
      return [status, route.idempotent ? withReplayHeader(paged) : paged];
    });
    const operation: Record<string, unknown> = {
      // A handler serving several methods (the checkout page) gets one id per method.
      operationId: shared.has(route.handler)
        ? `${name}${route.method[0]}${route.method.slice(1).toLowerCase()}`
        : name,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.handler.split('/')[0]],
      parameters: [
        ...parameters(schemas.path, 'path'),
        ...parameters(schemas.query, 'query'),
        ...(route.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
      ],
      responses: mergeResponses(
        Object.fromEntries(answers),
        problemResponses(routeProblemCodes(route, schemas)),
      ),
      ...(route.auth === 'API_KEY' ? {} : { security: [] }),
    };
    if (schemas.body) {
      operation.requestBody = { required: true, content: { 'application/json': bodySchema(schemas.body) } };
    }
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Product-data service',
      version: '1.0.0',
      description:
        'Analyse online shops, scrape their products, match them across shops, export the results.',
    },
    // Relative: a client resolves it against where it read the document. GET /openapi.json answers
    // with the absolute base URL of the stage that serves it.
    servers: [{ url: `/${API_VERSION}`, description: 'The stage serving this document' }],
    security: [{ bearer: [] }],
    tags: Object.entries(TAGS).map(([tag, description]) => ({ name: tag, description })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key: pds_…' } },
      schemas: {
        ...components,
        Problem: {
          description:
            'An RFC 9457 problem; `code` is stable. Every 422 lists the fields at fault in `errors`, each with its `location` (`header` for the Idempotency-Key).',
          type: 'object',
          required: ['type', 'title', 'status', 'code', 'request_id'],
          properties: {
            type: { type: 'string', description: 'The problem type: a link to its row on the docs page.' },
            title: { type: 'string', description: 'The problem type in words; the same for every `code`.' },
            status: { type: 'integer', description: 'The HTTP status of the answer.' },
            detail: { type: 'string', description: 'What went wrong this time, in words.' },
            code: {
              type: 'string',
              enum: Object.keys(PROBLEM_CATALOGUE),
              description: 'The stable code to act on.',
            },
            request_id: { type: 'string', description: 'The request’s id; quote it to support.' },
            retry_after_seconds: {
              type: 'integer',
              description:
                'With every 429 (RATE_LIMITED, SETUP_LIMIT_REACHED, CONTACT_LIMIT_REACHED): the Retry-After header’s seconds.',
            },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['location', 'path', 'message'],
                properties: {
                  location: {
                    type: 'string',
                    enum: ['body', 'query', 'path', 'header'],
                    description: 'Where the invalid field was sent.',
                  },
                  path: {
                    type: 'string',
                    description: 'The field’s name, dotted into objects (e.g. `cadence.time`).',
                  },
                  message: { type: 'string', description: 'Why the value was refused.' },
                },
              },
              description: 'With VALIDATION_ERROR: each invalid field and why.',
            },
          },
        },
      },
    },
  };
}
