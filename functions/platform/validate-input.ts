import * as v from 'valibot';
import { type FieldError, isProblem, Unprocessable } from '#core/problem';

export type Location = FieldError['location'];

/** Validates one part of a request; every issue becomes a 422 field error naming where it is. */
export function validateInput<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  location: Location,
): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  throw Unprocessable(result.issues.map((issue) => fieldError(issue, location)));
}

/**
 * Reads every part of a request (body, query, path), each by its own validation, and answers one 422
 * naming every field at fault in all of them, so a client fixes a request in one round.
 */
export function validateParts<T extends Record<string, unknown>>(parts: { [K in keyof T]: () => T[K] }): T {
  const errors: FieldError[] = [];
  const output: Partial<T> = {};
  for (const name of Object.keys(parts) as (keyof T)[]) {
    try {
      output[name] = parts[name]();
    } catch (error) {
      if (!isProblem(error, 'VALIDATION_ERROR') || !error.errors) throw error;
      errors.push(...error.errors);
    }
  }
  if (errors.length > 0) throw Unprocessable(errors);
  return output as T;
}

function fieldError(issue: v.BaseIssue<unknown>, location: Location): FieldError {
  return { location, path: v.getDotPath(issue) ?? '', message: issue.message };
}

/**
 * Request bodies arrive as text (base64 for binary payloads); a body that is not JSON is a 422, and
 * so is an array: every body of the API is an object, and valibot's object schemas let an empty
 * array pass as an empty object.
 */
export function parseJsonBody(body: string | undefined, isBase64Encoded: boolean): unknown {
  if (body === undefined || body === '') return undefined;
  const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw Unprocessable([{ location: 'body', path: '', message: 'The body is not valid JSON.' }]);
  }
  if (Array.isArray(parsed))
    throw Unprocessable([
      { location: 'body', path: '', message: 'The body must be a JSON object, not an array.' },
    ]);
  return parsed;
}
