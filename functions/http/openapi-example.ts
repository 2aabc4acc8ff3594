type JsonSchema = Record<string, unknown>;

/** An id as the service makes them: its prefix, then 26 characters of time and randomness. */
const id = (prefix: string) => `${prefix}_01jdq8x2kz9c4m7v5r3t6w8y0a`;

/** Plain strings named like these get a value of their kind (the schema's own examples come first). */
const NAMED_STRINGS: readonly [RegExp, string][] = [
  [/^job_id$/, id('job')],
  [/^project_id$/, id('prj')],
  [/(^|_)website_ids?$/, id('web')],
  [/^customer_id$/, id('cus')],
  [/^(user_id|approved_by|decided_by|created_by|invited_by)$/, id('usr')],
  [/^key_id$/, id('key')],
  [/^invoice_id$/, id('inv')],
  [/^contact_request_id$/, id('ctr')],
  [/^webhook_id$/, id('whk')],
  [/^delivery_id$/, id('dlv')],
  [/^event_id$/, id('evt')],
  [/^schedule_id$/, id('sch')],
  [/^session_id$/, 'cs_test_b1Xo2Kq9fLm3Np7Rs4Tu6Vw8'],
  [/^decision_id$/, 'mdc_3f9a1c0e7b2d4a6f8e1c3b5d'],
  [/^product_id$/, 'prd_9c2e4a7f1b3d5e8a0c6f2b4d'],
  [/^change_id$/, 'chg_01jdq8x2kz9c4m7v5r3t6w8y0a_17'],
  [/^request_id$/, 'req_7f3c9a2e-4b1d-4e8a-9c6f-2d5b8e1a3c7f'],
  [/(^|_)ids?$/, 'a1B2c3D4'],
  [/(^|_)urls?$/, 'https://www.shop.example/products/lumina-phone-zen-a100'],
  [/^email$/, 'ada@example.com'],
  [/^domain$/, 'shop.example'],
  [/^country$/, 'CZ'],
  [/^currency$/, 'EUR'],
  [/^locale$/, 'cs-CZ'],
  [/^language$/, 'cs'],
  [/^amount$/, '50.00'],
  [/^name$/, 'Shops of Prague'],
  [/^message$/, 'Could you set up a larger shop for us?'],
];

/**
 * An example value of a JSON Schema, for the API reference: a schema's own `examples` first, then
 * its first enum value or constant, then a value of its type at its lower bounds (a string by the
 * name of its member). Nullable fields show their non-null form, optional members are shown too, so
 * the example names every field.
 */
export function exampleOf(
  schema: JsonSchema,
  name = '',
  components: Record<string, JsonSchema> = {},
): unknown {
  const of = (part: JsonSchema, member = name) => exampleOf(part, member, components);
  if (typeof schema.$ref === 'string') {
    const target = components[schema.$ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`No component for ${schema.$ref}`);
    return of(target);
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) return of(branches.find((branch) => branch.type !== 'null') ?? branches[0] ?? {});
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((part) => of(part, '')));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([member, property]) => [
          member,
          of(property, member),
        ]),
      );
    case 'array':
      return [of((schema.items ?? {}) as JsonSchema)];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return true;
    case 'string':
      return stringExample(schema, name);
    case 'null':
      return null;
    default:
      return {};
  }
}

function stringExample(schema: JsonSchema, name: string): string {
  if (schema.format === 'date-time') return '2026-03-02T09:30:00.000Z';
  if (schema.format === 'email') return 'ada@example.com';
  if (schema.format === 'uri') return 'https://shop.example/';
  const named = NAMED_STRINGS.find(([pattern]) => pattern.test(name))?.[1];
  if (named !== undefined) return named;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 1;
  return 'x'.repeat(Math.max(minLength, 1));
}
