import { paymentProvider, topups } from '#billing/billing-services';
import { logInfo } from '#platform/log';
import { publicHttp } from '../http.ts';
import { webhookReceipt } from './billing-responses.ts';

/**
 * Stripe's webhook. The signature covers the exact bytes Stripe sent, so the body is verified as
 * received (decoded from base64 when API Gateway encoded it), never re-serialised JSON. A failure
 * to credit answers 5xx so that Stripe retries; crediting is exactly once per session either way.
 */
export const handler = publicHttp(
  { responses: { 200: webhookReceipt } },
  async ({ event, baseUrl, answer }) => {
    const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : (event.body ?? '');
    const { provider } = await paymentProvider(baseUrl);
    const paymentEvent = await provider.parseWebhook(raw, event.headers?.['stripe-signature']);
    if (paymentEvent.type === 'CHECKOUT_COMPLETED') {
      const credited = await topups().completePaid(paymentEvent.checkout);
      logInfo('checkout completed', {
        eventId: paymentEvent.eventId,
        sessionId: paymentEvent.checkout.sessionId,
        credited,
      });
    }
    return answer(200, { received: true });
  },
);
