import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/start-stack';
import { needSetting } from '#platform/config';
import { renameUser } from '#store/users';
import { type ApiClient, apiClient } from '#test/api-client';
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
    await renameUser(userId, 'Ann\r\nBcc: all@evil.example');
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
