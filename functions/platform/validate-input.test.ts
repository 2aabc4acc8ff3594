import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Problem } from '#core/problem';
import { parseJsonBody, validateInput } from './validate-input.ts';

const body = v.optional(v.strictObject({ name: v.optional(v.string()) }), {});

function statusOf(run: () => unknown): number | 'accepted' {
  try {
    run();
    return 'accepted';
  } catch (error) {
    return error instanceof Problem ? error.status : Number.NaN;
  }
}

describe('request bodies', () => {
  it('refuses a JSON array with 422, even where an empty object would pass', () => {
    expect(statusOf(() => validateInput(body, parseJsonBody('{}', false), 'body'))).toBe('accepted');
    expect(statusOf(() => validateInput(body, parseJsonBody('[]', false), 'body'))).toBe(422);
    expect(statusOf(() => validateInput(body, parseJsonBody(' [ ] ', false), 'body'))).toBe(422);
    expect(
      statusOf(() => validateInput(body, parseJsonBody(Buffer.from('[]').toString('base64'), true), 'body')),
    ).toBe(422);
  });

  it('refuses text that is not JSON with 422 and passes an absent body on to the schema', () => {
    expect(statusOf(() => parseJsonBody('{', false))).toBe(422);
    expect(parseJsonBody(undefined, false)).toBeUndefined();
  });
});
