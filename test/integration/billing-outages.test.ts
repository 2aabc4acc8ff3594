import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningStack, startStack } from '#local/start-stack';
import { setting } from '#platform/config';
import { type ApiClient, apiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { DYNAMODB_INTERNAL_ERROR, s3Error, startFaultProxy } from '#test/fault-proxy';
import { newCustomer, newUser } from '#test/operator';

// The stack reaches the shared engines through the proxies, which it gives the SDK clients it builds.
const engines = inject('engines');
const [dynamodb, s3] = await Promise.all([
  startFaultProxy(engines.dynamodbEndpoint),
  startFaultProxy(engines.s3Endpoint),
]);

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let invoiceId: string;

const billing = (rest: string) => `/customers/${customerId}/billing${rest}`;

beforeAll(async () => {
  stack = await startStack({
    port: 0,
    engines: { dynamodbEndpoint: dynamodb.url, s3Endpoint: s3.url },
    tableName: setting('TABLE_NAME'),
  });
  customerId = await newCustomer();
  api = apiClient(stack.baseUrl, (await newUser(customerId, 'OWNER')).apiKey);
  // One paid top-up, so there is an invoice to fail on; this also caches the caller's key.
  const { body } = await api.post(billing('/topup'), { amount: '10.00' });
  const paid = await fetch(body.checkout_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  invoiceId = (await api.get(billing('/invoices'))).body[0].invoice_id;
});
afterAll(async () => {
  await stack.stop();
  await Promise.all([dynamodb.stop(), s3.stop()]);
});
afterEach(() => {
  dynamodb.failWhen(undefined);
  s3.failWhen(undefined);
});

/** Fails the DynamoDB requests whose body mentions `marker` (a key prefix of billing items). */
const failDynamoDbOn = (marker: string) =>
  dynamodb.failWhen((request) => (request.body.includes(marker) ? DYNAMODB_INTERNAL_ERROR : undefined));

describe('billing when DynamoDB cannot serve', () => {
  it.each([
    ['balance', '/balance', '"BALANCE"'],
    ['usage', '/usage', 'CHARGE#'],
    ['top-up status', '/topups/cs_local_any', 'TOPUP#'],
  ])('answers 503 BILLING_UNAVAILABLE for the %s', async (_name, path, marker) => {
    failDynamoDbOn(marker);

    const response = await api.get(billing(path.replace('{invoice}', invoiceId)));

    expectProblem(response, 503, 'BILLING_UNAVAILABLE');
    expect(response.text).not.toContain('outage');
  });

  it.each([
    ['invoices', '/invoices'],
    ['invoice PDF', '/invoices/{invoice}/pdf'],
  ])('answers 503 INVOICING_UNAVAILABLE for the %s', async (_name, path) => {
    failDynamoDbOn('INVOICE#');

    const response = await api.get(billing(path.replace('{invoice}', invoiceId)));

    expectProblem(response, 503, 'INVOICING_UNAVAILABLE');
  });

  it('answers 503 BILLING_UNAVAILABLE for a top-up whose record cannot be written', async () => {
    failDynamoDbOn('TOPUP#');

    expectProblem(await api.post(billing('/topup'), { amount: '10.00' }), 503, 'BILLING_UNAVAILABLE');
  });
});

describe('invoice PDF when the bucket fails', () => {
  const failPdfReads = (status: number, code: string) =>
    s3.failWhen((request) => (request.path.includes('/invoices/') ? s3Error(status, code) : undefined));

  it('answers 502 ACCOUNTING_ERROR when S3 fails', async () => {
    failPdfReads(500, 'InternalError');

    expectProblem(await api.get(billing(`/invoices/${invoiceId}/pdf`)), 502, 'ACCOUNTING_ERROR');
  });

  it('answers 503 INVOICING_UNAVAILABLE when the bucket is missing', async () => {
    failPdfReads(404, 'NoSuchBucket');

    expectProblem(await api.get(billing(`/invoices/${invoiceId}/pdf`)), 503, 'INVOICING_UNAVAILABLE');
  });

  it('serves the PDF again once S3 is back', async () => {
    const response = await fetch(`${stack.baseUrl}${billing(`/invoices/${invoiceId}/pdf`)}`, {
      headers: { authorization: `Bearer ${(await newUser(customerId, 'ADMIN')).apiKey}` },
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('other endpoints when DynamoDB cannot serve', () => {
  it('answers a setup job whose credit cannot be read 503 BILLING_UNAVAILABLE', async () => {
    const projectId = await newProjectFor();
    failDynamoDbOn('MONTH#');

    const response = await api.post('/jobs/setup', {
      url: 'http://127.0.0.1:9/',
      country: 'DE',
      currency: 'EUR',
      project_id: projectId,
    });

    expectProblem(response, 503, 'BILLING_UNAVAILABLE');
  });

  it('answers any endpoint 503 SERVICE_UNAVAILABLE, never 500, when its store is down', async () => {
    failDynamoDbOn('PROJECT#');

    expectProblem(await api.get('/projects'), 503, 'SERVICE_UNAVAILABLE');
  });
});

async function newProjectFor(): Promise<string> {
  const created = await api.post(`/customers/${customerId}/projects`, {
    name: 'Outage project',
    localization: { country: 'DE', currency: 'EUR' },
  });
  return created.body.project_id;
}
