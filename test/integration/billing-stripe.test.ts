import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/start-stack';
import { type ApiClient, apiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { type FakeStripe, startFakeStripe } from '#test/fake-stripe';
import { expectSettledLedger } from '#test/ledger-check';
import { newCustomer, newUser } from '#test/operator';
import { startTestStack } from '#test/test-stack';

const WEBHOOK_SECRET = 'whsec_integration';
const RETURN_URL = 'https://console.example/billing/topups/{CHECKOUT_SESSION_ID}';
const STRIPE_ENV = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'CHECKOUT_RETURN_URL', 'STRIPE_API_URL'];

let stack: RunningStack;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let fake: FakeStripe;
let api: ApiClient;

beforeAll(async () => {
  stripe = await startFakeStripe();
  fake = stripe.fake;
  // Handlers read these when first loaded, which is after this.
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: 'sk_test_integration',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    CHECKOUT_RETURN_URL: RETURN_URL,
    STRIPE_API_URL: stripe.url,
  });
  stack = await startTestStack();
  api = apiClient(stack.baseUrl);
});
afterAll(async () => {
  await stack.stop();
  await stripe.stop();
  for (const name of STRIPE_ENV) delete process.env[name];
});
afterEach(() => {
  fake.failWith = undefined;
});

const billing = (customer: string, rest: string) => `/customers/${customer}/billing${rest}`;

async function payingCustomer() {
  const customerId = await newCustomer('Stripe payer');
  const { apiKey } = await newUser(customerId, 'OWNER');
  return { customerId, owner: api.withKey(apiKey) };
}

/** What Stripe does when the payer pays: the session completes and is paid. */
function payAtStripe(sessionId: string): Record<string, unknown> {
  const session = fake.sessions.get(sessionId);
  if (!session) throw new Error(`The fake has no session ${sessionId}`);
  return Object.assign(session, { status: 'complete', payment_status: 'paid' });
}

function completedEvent(session: Record<string, unknown>, eventId = `evt_${session.id}`): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: session },
  });
}

function sendWebhook(payload: string, options: { secret?: string; contentType?: string } = {}) {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
  });
  return api.request('POST', '/billing/webhooks/stripe', {
    key: null,
    rawBody: payload,
    headers: { 'content-type': options.contentType ?? 'application/json', 'stripe-signature': signature },
  });
}

describe('top-up through Stripe Checkout', () => {
  it('opens a Stripe session and returns its page', async () => {
    const { customerId, owner } = await payingCustomer();

    const started = await owner.post(billing(customerId, '/topup'), { amount: '42.00' });

    expect(started.status).toBe(201);
    const session = fake.sessions.get(started.body.session_id);
    expect(started.body.checkout_url).toBe(session?.url);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 4200,
      currency: 'eur',
      metadata: { customer_id: customerId, topup_id: expect.stringMatching(/^top_/) },
      success_url: RETURN_URL,
    });
    const status = await owner.get(billing(customerId, `/topups/${started.body.session_id}`));
    expect(status.body).toMatchObject({ status: 'OPEN', credited: false, amount: '42.00' });
  });

  it('credits a replayed checkout.session.completed webhook once', async () => {
    const { customerId, owner } = await payingCustomer();
    const { body } = await owner.post(billing(customerId, '/topup'), { amount: '50.00' });
    const payload = completedEvent(payAtStripe(body.session_id));

    const first = await sendWebhook(payload);
    const retries = [
      await sendWebhook(payload),
      ...(await Promise.all([1, 2, 3, 4].map(() => sendWebhook(payload)))),
    ];

    expect(first.status).toBe(200);
    expect(retries.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await owner.get(billing(customerId, '/balance'))).body).toMatchObject({
      balance: '50.00',
      spendable: '50.00',
    });
    const invoices = await owner.get(billing(customerId, '/invoices'));
    expect(invoices.body).toHaveLength(1);
    expect(invoices.body[0]).toMatchObject({ session_id: body.session_id, amount: '50.00' });
    const status = await owner.get(billing(customerId, `/topups/${body.session_id}`));
    expect(status.body).toMatchObject({ status: 'PAID', credited: true });
    expect(await expectSettledLedger(customerId)).toEqual({ balance: 5000, held: 0, spendable: 5000 });
  });

  it('verifies a body that API Gateway passed base64-encoded', async () => {
    const { customerId, owner } = await payingCustomer();
    const { body } = await owner.post(billing(customerId, '/topup'), { amount: '15.00' });
    const payload = completedEvent(payAtStripe(body.session_id));

    // The local server, like API Gateway, base64-encodes bodies of a binary content type.
    const response = await sendWebhook(payload, { contentType: 'application/octet-stream' });

    expect(response.status).toBe(200);
    expect((await owner.get(billing(customerId, '/balance'))).body.balance).toBe('15.00');
  });

  it('refuses a webhook with a wrong signature or a tampered body, crediting nothing', async () => {
    const { customerId, owner } = await payingCustomer();
    const { body } = await owner.post(billing(customerId, '/topup'), { amount: '20.00' });
    const payload = completedEvent(payAtStripe(body.session_id));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

    expectProblem(await sendWebhook(payload, { secret: 'whsec_forged' }), 400, 'INVALID_WEBHOOK_SIGNATURE');
    const tampered = await api.request('POST', '/billing/webhooks/stripe', {
      key: null,
      rawBody: payload.replace('"amount_total":2000', '"amount_total":2000000'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expectProblem(tampered, 400, 'INVALID_WEBHOOK_SIGNATURE');
    expectProblem(
      await api.request('POST', '/billing/webhooks/stripe', { key: null, rawBody: payload }),
      400,
      'INVALID_WEBHOOK_SIGNATURE',
    );
    expect((await owner.get(billing(customerId, '/balance'))).body.balance).toBe('0.00');
  });

  it('credits on the status poll when the webhook is late, and the late webhook credits nothing more', async () => {
    const { customerId, owner } = await payingCustomer();
    const { body } = await owner.post(billing(customerId, '/topup'), { amount: '30.00' });
    const session = payAtStripe(body.session_id);

    const status = await owner.get(billing(customerId, `/topups/${body.session_id}`));
    const late = await sendWebhook(completedEvent(session));

    expect(status.body).toMatchObject({ status: 'PAID', credited: true, credited_at: expect.any(String) });
    expect(late.status).toBe(200);
    expect((await owner.get(billing(customerId, '/balance'))).body.balance).toBe('30.00');
    expect((await owner.get(billing(customerId, '/invoices'))).body).toHaveLength(1);
  });

  it('credits once when webhooks and polls race', async () => {
    const { customerId, owner } = await payingCustomer();
    const { body } = await owner.post(billing(customerId, '/topup'), { amount: '12.34' });
    const payload = completedEvent(payAtStripe(body.session_id));

    const answers = await Promise.all([
      ...[1, 2, 3].map(() => sendWebhook(payload)),
      ...[1, 2, 3].map(() => owner.get(billing(customerId, `/topups/${body.session_id}`))),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await owner.get(billing(customerId, '/balance'))).body.balance).toBe('12.34');
    expect((await owner.get(billing(customerId, '/invoices'))).body).toHaveLength(1);
    expect(await expectSettledLedger(customerId)).toEqual({ balance: 1234, held: 0, spendable: 1234 });
  });

  it('acknowledges events that are not payments', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_stripe', object: 'customer' } },
    });

    expect((await sendWebhook(payload)).status).toBe(200);
  });
});

describe('Stripe failures', () => {
  it('answers 502 PAYMENT_PROVIDER_ERROR when Stripe fails', async () => {
    const { customerId, owner } = await payingCustomer();
    const { body } = await owner.post(billing(customerId, '/topup'), { amount: '20.00' });
    fake.failWith = { status: 500, type: 'api_error' };

    const started = await owner.post(billing(customerId, '/topup'), { amount: '20.00' });
    const status = await owner.get(billing(customerId, `/topups/${body.session_id}`));

    expectProblem(started, 502, 'PAYMENT_PROVIDER_ERROR');
    expect(started.text).not.toContain('internal details');
    expectProblem(status, 502, 'PAYMENT_PROVIDER_ERROR');
  });

  it('answers 503 BILLING_UNAVAILABLE when Stripe refuses the configured key', async () => {
    const { customerId, owner } = await payingCustomer();
    const { body } = await owner.post(billing(customerId, '/topup'), { amount: '20.00' });
    fake.failWith = { status: 401, type: 'invalid_request_error' };

    expectProblem(
      await owner.post(billing(customerId, '/topup'), { amount: '20.00' }),
      503,
      'BILLING_UNAVAILABLE',
    );
    expectProblem(
      await owner.get(billing(customerId, `/topups/${body.session_id}`)),
      503,
      'BILLING_UNAVAILABLE',
    );
  });

  it('serves no local checkout page when Stripe takes payments', async () => {
    const { customerId, owner } = await payingCustomer();
    const { body } = await owner.post(billing(customerId, '/topup'), { amount: '20.00' });

    expectProblem(await api.get(`/checkout/${body.session_id}`), 404, 'CHECKOUT_NOT_FOUND');
  });
});
