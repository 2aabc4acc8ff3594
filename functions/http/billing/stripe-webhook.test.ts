import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpEvent } from '#platform/http-event';

const secretsManager = mockClient(SecretsManagerClient);
const SECRET_ID = 'product-data/test/stripe';

const stripeSecret = (webhookSecret: string) => ({
  SecretString: JSON.stringify({ secret_key: 'sk_test_from_secrets_manager', webhook_secret: webhookSecret }),
});

function signedEvent(webhookSecret: string): HttpEvent {
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'customer.created',
    data: { object: {} },
  });
  return {
    version: '2.0',
    routeKey: 'POST /billing/webhooks/stripe',
    rawPath: '/v1/billing/webhooks/stripe',
    rawQueryString: '',
    headers: {
      host: 'api.test',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    },
    body: payload,
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', http: { method: 'POST' } } as HttpEvent['requestContext'],
  };
}

const context = { awsRequestId: 'aws-1', getRemainingTimeInMillis: () => 10_000 } as Context;

beforeEach(() => {
  // As deployed: the environment names the secret and holds no key.
  vi.stubEnv('STRIPE_SECRET_ID', SECRET_ID);
  vi.stubEnv('STRIPE_SECRET_KEY', '');
  vi.stubEnv('STRIPE_WEBHOOK_SECRET', '');
  vi.stubEnv('CHECKOUT_RETURN_URL', 'https://console.test/topups/{CHECKOUT_SESSION_ID}');
});

afterEach(() => {
  secretsManager.reset();
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the Stripe webhook with its secret in Secrets Manager (mocked)', () => {
  it('verifies with the webhook secret read at run time, asking Secrets Manager once while cached', async () => {
    secretsManager.on(GetSecretValueCommand, { SecretId: SECRET_ID }).resolves(stripeSecret('whsec_one'));
    const { handler } = await import('./stripe-webhook.ts');

    const first = await handler(signedEvent('whsec_one'), context);
    const second = await handler(signedEvent('whsec_one'), context);
    const forged = await handler(signedEvent('whsec_other'), context);

    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(forged.statusCode).toBe(400);
    expect(JSON.parse(forged.body ?? '{}')).toMatchObject({ code: 'INVALID_WEBHOOK_SIGNATURE' });
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('takes a rotated secret once the cache period is over', async () => {
    vi.stubEnv('SECRET_CACHE_SECONDS', '0');
    secretsManager
      .on(GetSecretValueCommand)
      .resolvesOnce(stripeSecret('whsec_old'))
      .resolves(stripeSecret('whsec_new'));
    const { handler } = await import('./stripe-webhook.ts');

    expect((await handler(signedEvent('whsec_old'), context)).statusCode).toBe(200);
    expect((await handler(signedEvent('whsec_old'), context)).statusCode).toBe(400);
    expect((await handler(signedEvent('whsec_new'), context)).statusCode).toBe(200);
  });

  it('answers 503 while the secret cannot be read, and recovers without a cold start', async () => {
    secretsManager
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('AccessDeniedException'))
      .resolves(stripeSecret('whsec_one'));
    const { handler } = await import('./stripe-webhook.ts');

    const down = await handler(signedEvent('whsec_one'), context);
    expect(down.statusCode).toBe(503);
    expect(JSON.parse(down.body ?? '{}')).toMatchObject({ code: 'BILLING_UNAVAILABLE' });
    expect((await handler(signedEvent('whsec_one'), context)).statusCode).toBe(200);
  });

  it('never falls back to the local checkout when the secret lacks a field', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ secret_key: 'sk' }) });
    const { handler } = await import('./stripe-webhook.ts');

    expect((await handler(signedEvent('whsec_one'), context)).statusCode).toBe(503);
  });
});
