import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideIdempotency,
  IDEMPOTENCY_CLAIM_MS,
  type IdempotencyRecord,
  keepsAnswer,
  parseIdempotencyKey,
  REPLAYED_HEADER,
  replayed,
  requestFingerprint,
  type StoredResponse,
} from './idempotency.ts';
import { Problem } from './problem.ts';

const invalidReason = (header: string) => {
  try {
    parseIdempotencyKey(header);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(Problem);
    expect((error as Problem).code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect((error as Problem).errors?.[0]).toMatchObject({ location: 'header', path: 'Idempotency-Key' });
    return (error as Problem).message;
  }
};

describe('the Idempotency-Key header', () => {
  it('is optional', () => {
    expect(parseIdempotencyKey(undefined)).toBeNull();
  });

  it('accepts up to 255 printable ASCII characters, spaces included', () => {
    expect(parseIdempotencyKey('order-42 retry')).toBe('order-42 retry');
    expect(parseIdempotencyKey('~'.repeat(255))).toBe('~'.repeat(255));
  });

  it('refuses an empty key, one of 256 or 300 characters, and characters outside printable ASCII', () => {
    expect(invalidReason('')).toMatch(/empty/);
    expect(invalidReason('a'.repeat(256))).toMatch(/longer than 255/);
    expect(invalidReason('k'.repeat(300))).toMatch(/longer than 255/);
    for (const key of ['tab\there', 'line\nbreak', 'café', 'del\x7f', 'nul\x00'])
      expect(invalidReason(key)).toMatch(/printable ASCII/);
  });

  it('accepts exactly the strings of 1 to 255 characters from space to tilde', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), (header) => {
        const valid = header.length >= 1 && header.length <= 255 && /^[ -~]*$/.test(header);
        expect(invalidReason(header) === null).toBe(valid);
      }),
      { numRuns: 300 },
    );
  });
});

const request = (body: string, path: Record<string, string> = {}, query: Record<string, string> = {}) =>
  requestFingerprint({ path, query, body });

describe('the fingerprint of a request', () => {
  it('is the same for bodies that differ only in key order and spacing', () => {
    expect(request('{"url":"https://a.example","project_id":"p1","options":{"b":1,"a":[1,2]}}')).toBe(
      request('{ "project_id": "p1", "options": { "a": [1, 2], "b": 1 }, "url": "https://a.example" }'),
    );
  });

  it('differs for another value, another array order, another path parameter or query', () => {
    const base = request('{"amount":"10.00"}', { customer_id: 'c1' });
    expect(request('{"amount":"20.00"}', { customer_id: 'c1' })).not.toBe(base);
    expect(request('{"amount":"10.00"}', { customer_id: 'c2' })).not.toBe(base);
    expect(request('{"amount":"10.00"}', { customer_id: 'c1' }, { project_id: 'p1' })).not.toBe(base);
    expect(request('{"a":[1,2]}')).not.toBe(request('{"a":[2,1]}'));
  });

  it('treats an empty body as none, and a body that is not JSON as its text', () => {
    expect(request('')).toBe(request('  '));
    expect(request('')).not.toBe(request('null'));
    expect(request('{not json')).toBe(request('{not json'));
    expect(request('{not json')).not.toBe(request('{not json '));
  });
});

const answer: StoredResponse = {
  statusCode: 201,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: '{"job_id":"j1"}',
  isBase64Encoded: false,
};
const NOW = 1_800_000_000_000;
const done = (fingerprint: string, expiresAt = NOW + 1000): IdempotencyRecord => ({
  state: 'DONE',
  fingerprint,
  expiresAt,
  response: answer,
});
const running = (fingerprint: string, claimedUntil: number): IdempotencyRecord => ({
  state: 'IN_PROGRESS',
  fingerprint,
  claimedUntil,
  expiresAt: NOW + 1000 * IDEMPOTENCY_CLAIM_MS,
});

describe('what a request with a key gets', () => {
  it('claims a key nobody holds, or one whose 24 hours have passed', () => {
    expect(decideIdempotency(null, 'f1', NOW)).toEqual({ kind: 'CLAIM' });
    expect(decideIdempotency(done('f1', NOW), 'f1', NOW)).toEqual({ kind: 'CLAIM' });
    expect(decideIdempotency(done('f2', NOW - 1), 'f1', NOW)).toEqual({ kind: 'CLAIM' });
  });

  it('replays the kept answer to the same request', () => {
    expect(decideIdempotency(done('f1'), 'f1', NOW)).toEqual({ kind: 'REPLAY', response: answer });
  });

  it('refuses another request with the key, whether the first has answered or still runs', () => {
    expect(decideIdempotency(done('f1'), 'f2', NOW)).toEqual({ kind: 'REUSED' });
    expect(decideIdempotency(running('f1', NOW + 1), 'f2', NOW)).toEqual({ kind: 'REUSED' });
  });

  it('says in use while the first request runs, and lets a retry take over a claim that ran out', () => {
    expect(decideIdempotency(running('f1', NOW + 1), 'f1', NOW)).toEqual({ kind: 'IN_USE' });
    expect(decideIdempotency(running('f1', NOW), 'f1', NOW)).toEqual({ kind: 'CLAIM' });
  });
});

describe('kept answers', () => {
  it('keeps successes and 4xx answers, not 5xx ones', () => {
    for (const status of [200, 201, 204, 302, 400, 402, 404, 409, 422])
      expect(keepsAnswer(status)).toBe(true);
    for (const status of [500, 502, 503]) expect(keepsAnswer(status)).toBe(false);
  });

  it('replays the answer with its headers and the replay header', () => {
    expect(replayed(answer)).toEqual({
      ...answer,
      headers: { 'content-type': 'application/json; charset=utf-8', [REPLAYED_HEADER]: 'true' },
    });
  });
});
