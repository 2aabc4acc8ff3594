import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { matchRoute } from '#http/route-match';

/**
 * Every answer an integration test receives is checked against the committed OpenAPI document
 * (itself checked against the code by test/unit/openapi.test.ts): its status must be listed for
 * the route, and a JSON body must match that status's schema. A test thus fails on an undocumented
 * status or a body off its schema, whatever it asserts itself.
 */
interface MediaType {
  schema?: Record<string, unknown>;
}
interface Operation {
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const document = JSON.parse(
  readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'),
) as Document;
const DOCUMENT_ID = 'https://product-data.example/openapi.json';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });

const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: Record<string, unknown>): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    // The document's own references point into its components, registered under its id.
    const text = JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`);
    validate = ajv.compile(JSON.parse(text));
    validators.set(key, validate);
  }
  return validate;
}

/** Unknown paths and methods get the `$default` route's problem body; every other answer its route's. */
const FALLBACK: Operation = {
  responses: Object.fromEntries(
    ['404', '405'].map((status) => [
      status,
      { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
    ]),
  ),
};

export function checkAnswer(
  method: string,
  path: string,
  answer: { status: number; contentType: string; body: unknown },
): void {
  const pathname = new URL(path, 'http://api.invalid').pathname;
  const match = matchRoute(method, pathname);
  const route = 'route' in match ? match.route : undefined;
  const operation = route ? document.paths[route.path]?.[method.toLowerCase()] : FALLBACK;
  const where = `${method} ${route?.path ?? pathname}`;
  const response = operation?.responses[String(answer.status)];
  if (!response)
    throw new Error(`${where} answered ${answer.status}, which the OpenAPI document does not list`);
  const mediaType = answer.contentType.split(';')[0]?.trim() ?? '';
  if (!mediaType.endsWith('json')) return;
  const schema = response.content?.[mediaType]?.schema;
  if (!schema)
    throw new Error(`${where} answered ${answer.status} with ${mediaType}, which the document does not list`);
  const validate = validatorFor(`${where} ${answer.status} ${mediaType}`, schema);
  if (!validate(answer.body)) {
    throw new Error(
      `${where} answered ${answer.status} off its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(answer.body).slice(0, 2000)}`,
    );
  }
}
