import { request } from 'node:http';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger } from '#billing/ledger-services';
import { newId } from '#core/ids';
import { parseMoney } from '#core/money';
import { pragueMonthOf } from '#core/prague-month';
import type { RunningStack } from '#local/start-stack';
import { jobKey } from '#store/keys';
import { dynamo, tableName } from '#store/table-services';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { expectSettledLedger } from '#test/ledger-check';
import { newCustomer, newUser } from '#test/operator';
import { startOwnedProject } from '#test/owned-project';
import { readPdf } from '#test/pdf-text';

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let projectId: string;

beforeAll(async () => {
  ({ stack, api, customerId, projectId } = await startOwnedProject({
    customerName: 'Billing s.r.o.',
  }));
});
afterAll(() => stack.stop());

const billing = (customer: string, rest: string) => `/customers/${customer}/billing${rest}`;

/** Every billing endpoint, as a request any caller can make. */
const endpoints: [string, (customer: string) => string, unknown?][] = [
  ['GET', (c) => billing(c, '/balance')],
  ['GET', (c) => billing(c, '/usage')],
  ['GET', (c) => billing(c, '/invoices')],
  ['GET', (c) => billing(c, '/invoices/inv_unknown/pdf')],
  ['POST', (c) => billing(c, '/topup'), { amount: '20.00' }],
  ['GET', (c) => billing(c, '/topups/cs_local_unknown')],
];

/** A checkout through the local page: open it, press a button, follow the redirect. */
async function pressOnCheckoutPage(checkoutUrl: string, action: 'pay' | 'cancel') {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  expect(await page.text()).toContain('value="pay"');
  return fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
    redirect: 'manual',
  });
}

describe('access to billing', () => {
  it.each(endpoints)('%s %s refuses PROJECT keys with 403 INSUFFICIENT_SCOPE', async (method, path, body) => {
    const created = await api.post('/account/api-keys', { name: 'project key', project_id: projectId });
    const projectKey = api.withKey(created.body.api_key);
    expectProblem(await projectKey.request(method, path(customerId), { body }), 403, 'INSUFFICIENT_SCOPE');
  });

  it.each(endpoints)('%s %s refuses a MEMBER with 403 INSUFFICIENT_ROLE', async (method, path, body) => {
    const member = await newUser(customerId, 'MEMBER');
    expectProblem(
      await api.withKey(member.apiKey).request(method, path(customerId), { body }),
      403,
      'INSUFFICIENT_ROLE',
    );
  });

  it.each(endpoints)('%s %s refuses a non-member with 403 NOT_A_MEMBER', async (method, path, body) => {
    const stranger = await newUser();
    expectProblem(
      await api.withKey(stranger.apiKey).request(method, path(customerId), { body }),
      403,
      'NOT_A_MEMBER',
    );
  });

  it.each(endpoints)(
    '%s %s refuses a managed customer with 403 MANAGED_CUSTOMER',
    async (method, path, body) => {
      const managed = await newCustomer('Managed a.s.', true);
      const managedOwner = await newUser(managed, 'OWNER');
      expectProblem(
        await api.withKey(managedOwner.apiKey).request(method, path(managed), { body }),
        403,
        'MANAGED_CUSTOMER',
      );
    },
  );

  it.each(endpoints)(
    '%s %s answers 404 CUSTOMER_NOT_FOUND for an unknown customer',
    async (method, path, body) => {
      expectProblem(await api.request(method, path('cus_unknown'), { body }), 404, 'CUSTOMER_NOT_FOUND');
    },
  );

  it.each(endpoints)('%s %s needs a key (401)', async (method, path, body) => {
    expectProblem(await api.request(method, path(customerId), { body, key: null }), 401, 'NOT_AUTHENTICATED');
  });

  it('lets an ADMIN of the customer read the balance', async () => {
    const admin = await newUser(customerId, 'ADMIN');
    expect((await api.withKey(admin.apiKey).get(billing(customerId, '/balance'))).status).toBe(200);
  });
});

describe('balance', () => {
  it('starts at zero EUR', async () => {
    const customer = await newCustomer();
    const { apiKey } = await newUser(customer, 'OWNER');

    const response = await api.withKey(apiKey).get(billing(customer, '/balance'));

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      customer_id: customer,
      currency: 'EUR',
      balance: '0.00',
      held: '0.00',
      spendable: '0.00',
    });
  });
});

describe('usage', () => {
  async function settle(customer: string, jobId: string, amount: string, settledAt: string) {
    const cents = parseMoney(amount);
    await ledger.placeHold({
      customerId: customer,
      holdId: jobId,
      amount: cents,
      jobId,
      monthlySpendLimit: parseMoney('100000.00'),
    });
    await ledger.chargeHold(customer, jobId, {
      job_id: jobId,
      job_type: 'FULL_SCRAPE',
      project_id: 'prj_usage',
      website_id: 'web_usage',
      quantity: 1500,
      amount: cents,
      capped: false,
      settled_at: settledAt,
      month: pragueMonthOf(new Date(settledAt)),
    });
  }

  it('counts a charge at 23:30 UTC on the last day of a month in the next Prague month, newest first', async () => {
    const customer = await newCustomer();
    const { apiKey } = await newUser(customer, 'OWNER');
    await ledger.creditBalance({
      customerId: customer,
      amount: parseMoney('100.00'),
      kind: 'OPERATOR_CREDIT',
      source: 'usage-test',
      reason: 'test',
    });
    await settle(customer, 'job_january', '3.00', '2026-01-31T22:59:59.999Z');
    await settle(customer, 'job_night', '4.50', '2026-01-31T23:30:00.000Z');
    await settle(customer, 'job_february', '2.25', '2026-02-10T09:00:00.000Z');
    const owner = api.withKey(apiKey);

    const january = await owner.get(billing(customer, '/usage'), { query: { month: '2026-01' } });
    const february = await owner.get(billing(customer, '/usage'), { query: { month: '2026-02' } });

    expect(january.status).toBe(200);
    expect(january.body).toEqual({
      month: '2026-01',
      currency: 'EUR',
      total: '3.00',
      items: [
        {
          job_id: 'job_january',
          job_type: 'FULL_SCRAPE',
          project_id: 'prj_usage',
          website_id: 'web_usage',
          quantity: 1500,
          amount: '3.00',
          capped: false,
          settled_at: '2026-01-31T22:59:59.999Z',
        },
      ],
    });
    expect(february.body.total).toBe('6.75');
    expect(february.body.items.map((item: { job_id: string }) => item.job_id)).toEqual([
      'job_february',
      'job_night',
    ]);
  });

  it('defaults to the current Prague month', async () => {
    const response = await api.get(billing(customerId, '/usage'));

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      month: pragueMonthOf(new Date()),
      currency: 'EUR',
      total: '0.00',
      items: [],
    });
  });

  it.each(['2026-13', '2026-1', '26-01', '2026-00', 'January', '0000-01', '1969-12'])(
    'refuses month=%s with 422',
    async (month) => {
      expectProblem(
        await api.get(billing(customerId, '/usage'), { query: { month } }),
        422,
        'VALIDATION_ERROR',
      );
      // The refused month leaves the service answering the same customer, its ledger untouched.
      expect((await api.get(billing(customerId, '/usage'))).status).toBe(200);
      await expectSettledLedger(customerId);
    },
  );
});

describe('top-up validation', () => {
  it.each([['9.99'], ['5000.01'], ['0'], ['-20.00'], [1e30]])(
    'refuses amount %s with 400',
    async (amount) => {
      expectProblem(
        await api.post(billing(customerId, '/topup'), { amount }),
        400,
        'TOPUP_AMOUNT_OUT_OF_RANGE',
      );
    },
  );

  it.each([['12.345'], ['abc'], [true], [null]])('refuses amount %j with 422', async (amount) => {
    expectProblem(await api.post(billing(customerId, '/topup'), { amount }), 422, 'VALIDATION_ERROR');
  });

  it('refuses a body without an amount with 422', async () => {
    expectProblem(await api.post(billing(customerId, '/topup'), {}), 422, 'VALIDATION_ERROR');
  });

  it('refuses another currency than EUR with 400', async () => {
    expectProblem(
      await api.post(billing(customerId, '/topup'), { amount: '20', currency: 'USD' }),
      400,
      'CURRENCY_NOT_SUPPORTED',
    );
  });

  it('answers 404 JOB_NOT_FOUND for a job outside the customer', async () => {
    const other = await newCustomer();
    const foreignJob = newId('job');
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...jobKey(foreignJob),
          type: 'Job',
          job_id: foreignJob,
          customer_id: other,
          project_id: 'prj_x',
        },
      }),
    );

    for (const jobId of ['job_missing', foreignJob]) {
      expectProblem(
        await api.post(billing(customerId, '/topup'), { amount: '20', job_id: jobId }),
        404,
        'JOB_NOT_FOUND',
      );
    }
  });

  it('accepts amounts at both ends of the range, as strings or numbers, and a job of the customer', async () => {
    const jobId = newId('job');
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...jobKey(jobId),
          type: 'Job',
          job_id: jobId,
          customer_id: customerId,
          project_id: projectId,
        },
      }),
    );

    for (const body of [
      { amount: '10' },
      { amount: 5000 },
      { amount: 12.5, currency: 'eur', job_id: jobId },
    ]) {
      expect((await api.post(billing(customerId, '/topup'), body)).status).toBe(201);
    }
  });
});

describe('local top-up flow', () => {
  it('builds the checkout link from the API address, not from a forged Host header', async () => {
    const customer = await newCustomer('Host Header s.r.o.');
    const payer = await newUser(customer, 'OWNER');
    const url = new URL(`${stack.baseUrl}${billing(customer, '/topup')}`);
    const body = JSON.stringify({ amount: '10.00' });
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const sent = request(
        url,
        {
          method: 'POST',
          headers: {
            host: 'evil.example',
            authorization: `Bearer ${payer.apiKey}`,
            'content-type': 'application/json',
            'x-forwarded-proto': 'https',
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
    expect(answer.status).toBe(201);
    const { checkout_url: checkoutUrl, session_id: sessionId } = JSON.parse(answer.text);
    expect(checkoutUrl).toBe(`${stack.baseUrl}/checkout/${sessionId}`);
  });

  it('pays on the local checkout page, credits the balance once and issues a PDF invoice', async () => {
    const customer = await newCustomer('Zlatá Rybka s.r.o.');
    const payer = api.withKey((await newUser(customer, 'OWNER')).apiKey);

    const started = await payer.post(billing(customer, '/topup'), { amount: '25.50' });
    expect(started.status).toBe(201);
    const { checkout_url: checkoutUrl, session_id: sessionId } = started.body;
    expect(checkoutUrl).toBe(`${stack.baseUrl}/checkout/${sessionId}`);

    const before = await payer.get(billing(customer, `/topups/${sessionId}`));
    expect(before.body).toEqual({
      session_id: sessionId,
      status: 'OPEN',
      credited: false,
      amount: '25.50',
      currency: 'EUR',
      credited_at: null,
    });

    const paid = await pressOnCheckoutPage(checkoutUrl, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${stack.baseUrl}/checkout/${sessionId}`);
    expect(await (await fetch(paid.headers.get('location') ?? '')).text()).toContain('<h1>Paid</h1>');

    // Pressing Pay again (a double click, a resent form) changes nothing.
    const again = await fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(again.status).toBe(303);

    const status = await payer.get(billing(customer, `/topups/${sessionId}`));
    expect(status.body).toMatchObject({ status: 'PAID', credited: true, amount: '25.50', currency: 'EUR' });
    expect(Date.parse(status.body.credited_at)).not.toBeNaN();

    const balance = await payer.get(billing(customer, '/balance'));
    expect(balance.body).toMatchObject({ balance: '25.50', held: '0.00', spendable: '25.50' });

    const invoices = await payer.get(billing(customer, '/invoices'));
    expect(invoices.status).toBe(200);
    expect(invoices.body).toHaveLength(1);
    const [invoice] = invoices.body;
    expect(invoice).toEqual({
      invoice_id: expect.stringMatching(/^inv_/),
      number: expect.stringMatching(/^\d{4}-\d{6}$/),
      session_id: sessionId,
      amount: '25.50',
      currency: 'EUR',
      issued_at: expect.any(String),
    });

    const pdf = await fetch(`${stack.baseUrl}${billing(customer, `/invoices/${invoice.invoice_id}/pdf`)}`, {
      headers: { authorization: `Bearer ${(await newUser(customer, 'ADMIN')).apiKey}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { pdf: document, text } = await readPdf(new Uint8Array(await pdf.arrayBuffer()));
    expect(document.getTitle()).toBe(`Invoice ${invoice.number}`);
    expect(text).toEqual(
      expect.arrayContaining([
        `Number: ${invoice.number}`,
        'Zlatá Rybka s.r.o.',
        `Customer ID: ${customer}`,
        '25.50 EUR',
        `Checkout session ${sessionId}`,
      ]),
    );
  });

  it('lists invoices newest first with consecutive numbers', async () => {
    const customer = await newCustomer();
    const payer = api.withKey((await newUser(customer, 'OWNER')).apiKey);
    for (const amount of ['10.00', '11.00', '12.00']) {
      const { body } = await payer.post(billing(customer, '/topup'), { amount });
      expect((await pressOnCheckoutPage(body.checkout_url, 'pay')).status).toBe(303);
    }

    const invoices = (await payer.get(billing(customer, '/invoices'))).body as {
      number: string;
      amount: string;
    }[];

    expect(invoices.map((invoice) => invoice.amount)).toEqual(['12.00', '11.00', '10.00']);
    const [oldest = 0, middle, newest] = invoices.map((invoice) => Number(invoice.number.slice(5))).reverse();
    expect([middle, newest]).toEqual([oldest + 1, oldest + 2]);
    expect((await payer.get(billing(customer, '/balance'))).body.balance).toBe('33.00');
  });

  it('credits nothing for a cancelled checkout', async () => {
    const { body } = await api.post(billing(customerId, '/topup'), { amount: '30.00' });

    const cancelled = await pressOnCheckoutPage(body.checkout_url, 'cancel');

    expect(cancelled.status).toBe(303);
    const status = await api.get(billing(customerId, `/topups/${body.session_id}`));
    expect(status.body).toMatchObject({ status: 'EXPIRED', credited: false, credited_at: null });
  });

  it("answers 404 for another customer's session, an unknown session, an unknown invoice", async () => {
    const { body } = await api.post(billing(customerId, '/topup'), { amount: '30.00' });
    const other = await newCustomer();
    const otherOwner = api.withKey((await newUser(other, 'OWNER')).apiKey);

    expectProblem(
      await otherOwner.get(billing(other, `/topups/${body.session_id}`)),
      404,
      'SESSION_NOT_FOUND',
    );
    expectProblem(await api.get(billing(customerId, '/topups/cs_local_nothing')), 404, 'SESSION_NOT_FOUND');
    expectProblem(await api.get(billing(customerId, '/invoices/inv_nothing/pdf')), 404, 'INVOICE_NOT_FOUND');
  });

  it('answers 404 for the checkout page of an unknown session', async () => {
    expect((await fetch(`${stack.baseUrl}/checkout/cs_local_nothing`)).status).toBe(404);
  });

  it('refuses a Stripe webhook when no Stripe is configured', async () => {
    expectProblem(
      await api.post('/billing/webhooks/stripe', { type: 'checkout.session.completed' }, { key: null }),
      400,
      'INVALID_WEBHOOK_SIGNATURE',
    );
  });
});
