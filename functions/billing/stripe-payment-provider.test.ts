import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asCents } from '#core/money';
import type { Problem } from '#core/problem';
import { FakeStripe } from '#test/fake-stripe';
import type { CheckoutRequest } from './payment-provider.ts';
import { StripePaymentProvider } from './stripe-payment-provider.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';

const fake = new FakeStripe();
let provider: StripePaymentProvider;

const providerOn = (port: number) =>
  new StripePaymentProvider({
    secretKey: 'sk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
    endpoint: { host: '127.0.0.1', port, protocol: 'http' },
    maxNetworkRetries: 0,
  });

const topup: CheckoutRequest = {
  customerId: 'cus_1',
  amountCents: asCents(2550),
  currency: 'EUR',
  topupId: 'top_1',
  successUrl: 'https://console.test/billing/topups/{CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://console.test/billing',
};

beforeAll(async () => {
  fake.server.listen(0, '127.0.0.1');
  await once(fake.server, 'listening');
  provider = providerOn((fake.server.address() as AddressInfo).port);
});

afterAll(async () => {
  fake.server.close();
  await once(fake.server, 'close');
});

afterEach(() => {
  fake.failWith = undefined;
  fake.requests.length = 0;
});

describe('createCheckout', () => {
  it('opens a payment-mode session in EUR with the customer and top-up in metadata', async () => {
    const link = await provider.createCheckout(topup);

    expect(link).toEqual({
      sessionId: 'cs_test_1',
      checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_test_1',
    });
    const [seen] = fake.requests;
    expect(seen?.method).toBe('POST');
    expect(seen?.path).toBe('/v1/checkout/sessions');
    expect(seen?.headers.authorization).toBe('Bearer sk_test_fake');
    expect(seen?.headers['idempotency-key']).toBe('topup-top_1');
    expect(Object.fromEntries(seen?.form ?? [])).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2550',
      client_reference_id: 'top_1',
      'metadata[customer_id]': 'cus_1',
      'metadata[topup_id]': 'top_1',
      'payment_intent_data[metadata][topup_id]': 'top_1',
      success_url: topup.successUrl,
      cancel_url: topup.cancelUrl,
    });
  });

  it('maps a provider 500 to a PAYMENT_PROVIDER_ERROR without its message', async () => {
    fake.failWith = { status: 500, type: 'api_error' };

    const failure = await provider.createCheckout(topup).catch((error: unknown) => error);

    expect(failure).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
    expect((failure as Problem).status).toBe(502);
    expect((failure as Problem).message).not.toContain('internal details');
  });

  it('maps a refused key to BILLING_UNAVAILABLE', async () => {
    fake.failWith = { status: 401, type: 'invalid_request_error' };

    const failure = await provider.createCheckout(topup).catch((error: unknown) => error);

    expect(failure).toMatchObject({ code: 'BILLING_UNAVAILABLE' });
    expect((failure as Problem).status).toBe(503);
  });

  it('maps an unreachable provider to PAYMENT_PROVIDER_ERROR', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');

    await expect(providerOn(port).createCheckout(topup)).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_ERROR',
    });
  });
});

describe('getCheckout', () => {
  it('reads an open session, then the paid one', async () => {
    const { sessionId } = await provider.createCheckout({ ...topup, topupId: 'top_2' });

    const open = await provider.getCheckout(sessionId);
    Object.assign(fake.sessions.get(sessionId) ?? {}, { status: 'complete', payment_status: 'paid' });
    const paid = await provider.getCheckout(sessionId);

    expect(open).toEqual({
      sessionId,
      status: 'OPEN',
      amountCents: 2550,
      currency: 'EUR',
      customerId: 'cus_1',
      topupId: 'top_2',
    });
    expect(paid.status).toBe('PAID');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${sessionId}` });
  });

  it.each([
    [{ status: 'complete', payment_status: 'unpaid' }, 'OPEN'], // delayed payment method still pending
    [{ status: 'complete', payment_status: 'no_payment_required' }, 'OPEN'],
    [{ status: 'expired', payment_status: 'unpaid' }, 'EXPIRED'],
  ])('reads %j as %s', async (state, status) => {
    const { sessionId } = await provider.createCheckout({ ...topup, topupId: `top_${status}` });
    Object.assign(fake.sessions.get(sessionId) ?? {}, state);

    expect((await provider.getCheckout(sessionId)).status).toBe(status);
  });

  it('maps an unknown session to SESSION_NOT_FOUND', async () => {
    await expect(provider.getCheckout('cs_test_missing')).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
  });

  it('maps a provider 500 to PAYMENT_PROVIDER_ERROR', async () => {
    fake.failWith = { status: 500, type: 'api_error' };

    await expect(provider.getCheckout('cs_test_1')).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
  });

  it('refuses a session without our top-up reference', async () => {
    fake.sessions.set('cs_test_foreign', {
      id: 'cs_test_foreign',
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 100,
      currency: 'eur',
      metadata: {},
    });

    await expect(provider.getCheckout('cs_test_foreign')).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_ERROR',
    });
  });
});

describe('parseWebhook', () => {
  const completedEvent = (type = 'checkout.session.completed', metadata: Record<string, string> = {}) =>
    JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type,
      data: {
        object: {
          id: 'cs_test_hook',
          object: 'checkout.session',
          status: 'complete',
          payment_status: 'paid',
          amount_total: 10_000,
          currency: 'eur',
          metadata: { customer_id: 'cus_1', topup_id: 'top_9', ...metadata },
        },
      },
    });
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...options,
    });

  it('reads a signed checkout.session.completed', async () => {
    const payload = completedEvent();

    const event = await provider.parseWebhook(payload, sign(payload));

    expect(event).toEqual({
      type: 'CHECKOUT_COMPLETED',
      eventId: 'evt_1',
      checkout: {
        sessionId: 'cs_test_hook',
        status: 'PAID',
        amountCents: 10_000,
        currency: 'EUR',
        customerId: 'cus_1',
        topupId: 'top_9',
      },
    });
  });

  it('reads the raw body as bytes too', async () => {
    const payload = completedEvent('checkout.session.async_payment_succeeded');

    const event = await provider.parseWebhook(new TextEncoder().encode(payload), sign(payload));

    expect(event.type).toBe('CHECKOUT_COMPLETED');
  });

  it('acknowledges other events without reading them as payments', async () => {
    const payload = completedEvent('checkout.session.expired');

    expect(await provider.parseWebhook(payload, sign(payload))).toEqual({
      type: 'IGNORED',
      eventId: 'evt_1',
      eventType: 'checkout.session.expired',
    });
  });

  it('ignores a completed session of another integration', async () => {
    const payload = completedEvent('checkout.session.completed', { topup_id: '' });

    expect((await provider.parseWebhook(payload, sign(payload))).type).toBe('IGNORED');
  });

  it.each([
    ['a wrong secret', (payload: string) => sign(payload, { secret: 'whsec_other' }), completedEvent()],
    ['a tampered body', (payload: string) => sign(payload.replace('10000', '99999')), completedEvent()],
    [
      'a stale timestamp',
      (payload: string) => sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      completedEvent(),
    ],
    ['a malformed header', () => 'garbage', completedEvent()],
  ])('rejects %s', async (_case, header, payload) => {
    await expect(provider.parseWebhook(payload, header(payload))).rejects.toMatchObject({
      code: 'INVALID_WEBHOOK_SIGNATURE',
    });
  });

  it('rejects a missing signature header', async () => {
    const failure = await provider.parseWebhook(completedEvent(), undefined).catch((error: unknown) => error);

    expect(failure).toMatchObject({ code: 'INVALID_WEBHOOK_SIGNATURE' });
    expect((failure as Problem).status).toBe(400);
  });
});
