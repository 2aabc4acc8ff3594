import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_TOLERANCE_SECONDS, signatureHeader, verifySignature } from './webhook-signature.ts';

const secret = 'whsec_test-secret';
const body = '{"id":"evt_1","type":"job.completed","data":{"job":{"job_id":"job_1"}}}';
const t = 1_764_000_000;

describe('webhook signatures', () => {
  it('signs "<t>.<raw body>" with HMAC-SHA256 of the secret, in hex, as t=…,v1=…', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signatureHeader(secret, t, body)).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies its own signature, and refuses the body with any one byte changed', () => {
    const header = signatureHeader(secret, t, body);
    expect(verifySignature(header, body, secret, t)).toBe(true);
    for (let i = 0; i < body.length; i++) {
      const changed = body.slice(0, i) + String.fromCharCode(body.charCodeAt(i) ^ 1) + body.slice(i + 1);
      expect(verifySignature(header, changed, secret, t)).toBe(false);
    }
  });

  it('refuses another secret, a changed timestamp and a malformed header', () => {
    const header = signatureHeader(secret, t, body);
    expect(verifySignature(header, body, 'whsec_other', t)).toBe(false);
    expect(verifySignature(header.replace(`t=${t}`, `t=${t + 1}`), body, secret, t)).toBe(false);
    expect(verifySignature('v1=abc', body, secret, t)).toBe(false);
    expect(verifySignature('', body, secret, t)).toBe(false);
  });

  it('accepts a timestamp within the tolerance of the clock and refuses one beyond it', () => {
    const header = signatureHeader(secret, t, body);
    expect(verifySignature(header, body, secret, t + SIGNATURE_TOLERANCE_SECONDS)).toBe(true);
    expect(verifySignature(header, body, secret, t - SIGNATURE_TOLERANCE_SECONDS)).toBe(true);
    expect(verifySignature(header, body, secret, t + SIGNATURE_TOLERANCE_SECONDS + 1)).toBe(false);
    expect(verifySignature(header, body, secret, t - SIGNATURE_TOLERANCE_SECONDS - 1)).toBe(false);
  });

  it('accepts a header carrying several v1 signatures when one of them is valid (secret rotation)', () => {
    const valid = signatureHeader(secret, t, body);
    const other = signatureHeader('whsec_old', t, body).split(',')[1];
    expect(verifySignature(`${valid},${other}`, body, secret, t)).toBe(true);
  });
});
