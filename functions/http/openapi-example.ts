type JsonSchema = Record<string, unknown>;

/**
 * An example value of a JSON Schema, for the API reference: a schema's own `examples` first, then
 * its first enum value or constant, then a value of its type at its lower bounds. Nullable fields
 * show their non-null form, optional members are shown too, so the example names every field.
 */
export function exampleOf(schema: JsonSchema): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) return exampleOf(branches.find((branch) => branch.type !== 'null') ?? branches[0] ?? {});
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => [
          name,
          exampleOf(property),
        ]),
      );
    case 'array':
      return [exampleOf((schema.items ?? {}) as JsonSchema)];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return true;
    case 'string':
      return stringExample(schema);
    case 'null':
      return null;
    default:
      return {};
  }
}

function stringExample(schema: JsonSchema): string {
  if (schema.format === 'date-time') return '2026-03-02T09:30:00.000Z';
  if (schema.format === 'email') return 'ada@example.com';
  if (schema.format === 'uri') return 'https://shop.example/';
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 1;
  return 'x'.repeat(Math.max(minLength, 1));
}
