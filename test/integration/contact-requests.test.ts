import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStore } from '#accounts/account-services';
import type { RunningStack } from '#local/start-stack';
import { needSetting } from '#platform/config';
import { type ApiClient, apiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { expectSettledLedger } from '#test/ledger-check';
import { newCustomer, newUser } from '#test/operator';
import { startTestStack } from '#test/test-stack';

let stack: RunningStack;
let api: ApiClient;

beforeAll(async () => {
  stack = await startTestStack();
  api = apiClient(stack.baseUrl, stack.demo?.apiKey ?? null);
});
afterAll(() => stack?.stop());

async function outbox(): Promise<string[]> {
  const directory = needSetting('MAIL_OUTBOX_DIR');
  const names = await readdir(directory).catch(() => []);
  return Promise.all(names.map((name) => readFile(join(directory, name), 'utf8')));
}

describe('contact requests without a job', () => {
  it('sends a sales request by e-mail to the account address, and tells the sales team', async () => {
    const { apiKey } = await newUser();
    const account = (await api.withKey(apiKey).get('/account')).body;
    const response = await api
      .withKey(apiKey)
      .post('/contact-requests', { reason: 'SALES', message: 'We have 40 shops.' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      contact_request_id: expect.stringMatching(/^ctr_/),
      reason: 'SALES',
      team: 'SALES',
      channel: 'EMAIL',
      email: account.email,
      phone: null,
      message: 'We have 40 shops.',
      job_id: null,
      contact_reason: null,
      project_id: null,
      created_at: expect.any(String),
    });
    const mails = await outbox();
    const mail = mails.find((text) => text.includes(response.body.contact_request_id));
    expect(mail).toContain('To: sales@product-data.example');
    expect(mail).toContain(`Reply-To: ${account.email}`);
    expect(mail).toContain('We have 40 shops.');
  });

  it('keeps a line break in a stored name out of the mail headers', async () => {
    const customerId = await newCustomer('Customer of a hostile name');
    const { apiKey, userId } = await newUser(customerId, 'OWNER');
    // A name stored before names were checked: the store takes it as it is.
    await userStore.rename(userId, 'Ann\r\nBcc: all@evil.example');
    const response = await api.withKey(apiKey).post('/contact-requests', { reason: 'SUPPORT' });
    expect(response.status).toBe(201);
    const mail = (await outbox()).find((text) => text.includes(response.body.contact_request_id)) ?? '';
    const headers = mail.slice(0, mail.indexOf('\r\n\r\n')).split('\r\n');
    expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(headers.find((line) => line.startsWith('Subject:'))).toContain('Ann Bcc: all@evil.example');

    // The service goes on answering the same user, and the name touched no money.
    expect((await api.withKey(apiKey).get('/account')).status).toBe(200);
    expect((await api.withKey(apiKey).get(`/customers/${customerId}/billing/balance`)).status).toBe(200);
    await expectSettledLedger(customerId);
  });

  it('asks for a call back when a phone is given', async () => {
    const response = await api.post('/contact-requests', {
      reason: 'SUPPORT',
      phone: '+420 601 234 567',
      email: 'me@shop.test',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      team: 'SUPPORT',
      channel: 'PHONE',
      phone: '+420 601 234 567',
      email: 'me@shop.test',
    });
  });

  it('answers 409 for a contact reason without a failed job, 404 for an unknown job', async () => {
    const mismatch = await api.post('/contact-requests', {
      reason: 'SUPPORT',
      contact_reason: 'WEBSITE_TOO_LARGE',
    });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.code).toBe('CONTACT_REASON_MISMATCH');
    const unknown = await api.post('/contact-requests', { reason: 'SUPPORT', job_id: 'job_unknown' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('JOB_NOT_FOUND');
  });

  it.each([
    ['no body', undefined],
    ['no reason', { message: 'hi' }],
    ['an unknown reason', { reason: 'BILLING' }],
    ['a bad e-mail', { reason: 'SALES', email: 'not-an-address' }],
    ['a bad phone', { reason: 'SALES', phone: 'call me' }],
    ['a message of 5001 characters', { reason: 'SALES', message: 'x'.repeat(5001) }],
  ])('refuses %s with 422', async (_, body) => {
    const response = await api.post('/contact-requests', body);
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('a burst of contact requests', () => {
  it('is answered 429 with Retry-After past 5 in an hour, and only the accepted ones are mailed', async () => {
    const { apiKey } = await newUser();
    const send = (i: number) =>
      api.withKey(apiKey).post('/contact-requests', { reason: 'SUPPORT', message: `Burst ${i}` });

    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => send(i)));
    const later = await send(12);

    const created = answers.filter((answer) => answer.status === 201);
    // Racing requests may pick one free place and one of them lose it: at most the limit is taken.
    expect(created.length).toBeGreaterThan(0);
    expect(created.length).toBeLessThanOrEqual(5);
    for (const answer of [...answers.filter((answer) => answer.status !== 201), later]) {
      expectProblem(answer, 429, 'CONTACT_LIMIT_REACHED');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const mails = await outbox();
    const ids = new Set(created.map((answer) => answer.body.contact_request_id));
    expect(
      mails.filter((mail) => /Burst \d+/.test(mail) && [...ids].some((id) => mail.includes(id))),
    ).toHaveLength(ids.size);
    expect(mails.filter((mail) => mail.includes('Burst 12'))).toEqual([]);
  });

  it('takes the 5 a user sends one after another, and refuses the 6th', async () => {
    const { apiKey } = await newUser();
    const send = () => api.withKey(apiKey).post('/contact-requests', { reason: 'SALES' });
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(201);
    const refused = await send();
    expectProblem(refused, 429, 'CONTACT_LIMIT_REACHED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
  });
});

describe('names and free texts', () => {
  it.each([
    ['a lone surrogate in a name', 'PUT', '/account', { name: 'x\ud800y' }, 'name'],
    ['a zero-width space in a name', 'PUT', '/account', { name: 'Ann\u200b' }, 'name'],
    ['a direction override in a key name', 'POST', '/account/api-keys', { name: 'key\u202egnp.exe' }, 'name'],
    [
      'a lone surrogate in a message',
      'POST',
      '/contact-requests',
      { reason: 'SALES', message: 'hi \udc00' },
      'message',
    ],
    [
      'a control character in a message',
      'POST',
      '/contact-requests',
      { reason: 'SALES', message: 'hi\u0007' },
      'message',
    ],
  ])('refuses %s with 422 at the field', async (_, method, path, body, field) => {
    const answer = await api.request(method, path, { body });
    expectProblem(answer, 422, 'VALIDATION_ERROR');
    expect(answer.body.errors).toEqual([expect.objectContaining({ location: 'body', path: field })]);
  });

  it('takes line breaks in a message, and emoji joined by U+200D in a name', async () => {
    const { apiKey } = await newUser();
    const named = await api.withKey(apiKey).put('/account', { name: 'Ann 👩\u200d💻' });
    expect(named.status).toBe(200);
    const asked = await api
      .withKey(apiKey)
      .post('/contact-requests', { reason: 'SALES', message: 'Line one\nLine two\tend' });
    expect(asked.status).toBe(201);
    expect(asked.body.message).toBe('Line one\nLine two\tend');
  });
});
