import { createHash } from 'node:crypto';
import { Invalid, Problem } from './problem.ts';

/**
 * The rules of the `Idempotency-Key` header: which keys are accepted, what makes two requests the
 * same, and what a repeat of a key gets. The store and the HTTP wrapper apply them.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a first answer is kept and replayed. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim holds the key while its request runs. API handlers stop after 15 s (their Lambda
 * timeout), so a claim older than this belongs to a request that died without answering, and a
 * retry may take it over.
 */
export const IDEMPOTENCY_CLAIM_MS = 60 * 1000;

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** The key of a request, or null when it sends none; 422 IDEMPOTENCY_KEY_INVALID for a key we cannot keep. */
export function parseIdempotencyKey(header: string | undefined): string | null {
  if (header === undefined) return null;
  const reason =
    header.length === 0
      ? 'is empty'
      : header.length > IDEMPOTENCY_KEY_MAX_LENGTH
        ? `is longer than ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`
        : PRINTABLE_ASCII.test(header)
          ? null
          : 'has characters outside printable ASCII';
  if (reason === null) return header;
  return invalidKey(`The Idempotency-Key ${reason}.`);
}

function invalidKey(message: string): never {
  throw Invalid('IDEMPOTENCY_KEY_INVALID', { location: 'header', path: 'Idempotency-Key', message });
}

/** Object keys sorted at every depth, so bodies that differ only in key order or spacing are one body. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((name) => [name, canonical((value as Record<string, unknown>)[name])]),
    );
  }
  return value;
}

function canonicalBody(body: string): unknown {
  if (body.trim() === '') return null;
  try {
    return { json: canonical(JSON.parse(body)) };
  } catch {
    // Not JSON: the handler refuses it, and the same bytes are still the same request.
    return { text: body };
  }
}

/** What a request asks for, as one hash: its path parameters, query and canonical body. */
export function requestFingerprint(request: {
  path: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  body: string;
}): string {
  const text = JSON.stringify({
    path: canonical(request.path),
    query: canonical(request.query),
    body: canonicalBody(request.body),
  });
  return createHash('sha256').update(text).digest('hex');
}

/** An answer as kept for replay: what the handler answered, before the per-request headers. */
export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded: boolean;
}

export type IdempotencyRecord =
  | { state: 'IN_PROGRESS'; fingerprint: string; claimedUntil: number; expiresAt: number }
  | { state: 'DONE'; fingerprint: string; expiresAt: number; response: StoredResponse };

export type IdempotencyDecision =
  | { kind: 'CLAIM' }
  | { kind: 'REPLAY'; response: StoredResponse }
  | { kind: 'REUSED' }
  | { kind: 'IN_USE' };

/** What a request with a key gets, given what the key holds now (times in epoch milliseconds). */
export function decideIdempotency(
  record: IdempotencyRecord | null,
  fingerprint: string,
  now: number,
): IdempotencyDecision {
  if (!record || record.expiresAt <= now) return { kind: 'CLAIM' };
  if (record.fingerprint !== fingerprint) return { kind: 'REUSED' };
  if (record.state === 'DONE') return { kind: 'REPLAY', response: record.response };
  return record.claimedUntil > now ? { kind: 'IN_USE' } : { kind: 'CLAIM' };
}

/**
 * Whether an answer is kept for replay. A 4xx is the request's own fault and answers the same again;
 * a 5xx says nothing about the request, so the key is released and a retry runs anew.
 */
export const keepsAnswer = (statusCode: number) => statusCode < 500;

/** The replay of a kept answer, marked so the caller knows nothing ran again. */
export const replayed = (response: StoredResponse): StoredResponse => ({
  ...response,
  headers: { ...response.headers, [REPLAYED_HEADER]: 'true' },
});

export const reusedKey = () =>
  Invalid('IDEMPOTENCY_KEY_REUSED', {
    location: 'header',
    path: 'Idempotency-Key',
    message: 'This Idempotency-Key was used with another request; use a new key for a new request.',
  });

export const keyInUse = () =>
  new Problem(
    'IDEMPOTENCY_KEY_IN_USE',
    'A request with this Idempotency-Key is still running; retry once it has answered.',
  );
