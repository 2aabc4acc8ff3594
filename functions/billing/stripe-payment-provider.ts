import Stripe from 'stripe';
import { asCents } from '#core/money';
import {
  type Checkout,
  type CheckoutLink,
  type CheckoutRequest,
  checkoutNotFound,
  invalidWebhookSignature,
  type PaymentEvent,
  type PaymentProvider,
  providerError,
  providerUnavailable,
} from './payment-provider.ts';

export interface StripeSettings {
  secretKey: string;
  /** The signing secret (`whsec_...`) of the webhook endpoint. */
  webhookSecret: string;
  /** Where the API is; only tests set it, to a local fake. */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
  maxNetworkRetries?: number;
}

// API Gateway gives a request 29 s: two retries of at most 8 s each still answer in time.
const REQUEST_TIMEOUT_MS = 8_000;
const DEFAULT_RETRIES = 2;

const COMPLETION_EVENTS = new Set<string>([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/** Stripe Checkout in payment mode: one line for the credit, the customer and top-up in metadata. */
export class StripePaymentProvider implements PaymentProvider {
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;

  constructor(settings: StripeSettings) {
    this.#stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: settings.maxNetworkRetries ?? DEFAULT_RETRIES,
      timeout: REQUEST_TIMEOUT_MS,
      ...settings.endpoint,
    });
    this.#webhookSecret = settings.webhookSecret;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutLink> {
    const metadata = { customer_id: request.customerId, topup_id: request.topupId };
    const session = await this.#call(() =>
      this.#stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: 'Prepaid credit' },
              },
            },
          ],
          client_reference_id: request.topupId,
          metadata,
          payment_intent_data: { metadata },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // A retried top-up request reuses its session instead of opening a second one.
        { idempotencyKey: `topup-${request.topupId}` },
      ),
    );
    if (!session.url) throw providerError('The payment provider returned no checkout page.');
    return { sessionId: session.id, checkoutUrl: session.url };
  }

  async getCheckout(sessionId: string): Promise<Checkout> {
    const session = await this.#call(() => this.#stripe.checkout.sessions.retrieve(sessionId), sessionId);
    return checkoutOf(session);
  }

  async parseWebhook(
    rawBody: string | Uint8Array,
    signatureHeader: string | undefined,
  ): Promise<PaymentEvent> {
    if (!signatureHeader) throw invalidWebhookSignature();
    let event: Stripe.Event;
    try {
      event = this.#stripe.webhooks.constructEvent(rawBody, signatureHeader, this.#webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError)
        throw invalidWebhookSignature(error);
      throw error;
    }
    if (COMPLETION_EVENTS.has(event.type) && event.data.object.object === 'checkout.session') {
      const session = event.data.object as Stripe.Checkout.Session;
      // Sessions opened by other integrations on the same account carry no top-up of ours.
      if (session.metadata?.topup_id) {
        return { type: 'CHECKOUT_COMPLETED', eventId: event.id, checkout: checkoutOf(session) };
      }
    }
    return { type: 'IGNORED', eventId: event.id, eventType: event.type };
  }

  async #call<T>(request: () => Promise<T>, sessionId?: string): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      if (sessionId !== undefined && error.statusCode === 404) throw checkoutNotFound(sessionId);
      // A refused key is our configuration, not a passing provider failure.
      if (
        error instanceof Stripe.errors.StripeAuthenticationError ||
        error instanceof Stripe.errors.StripePermissionError
      ) {
        throw providerUnavailable(undefined, error);
      }
      throw providerError(undefined, error);
    }
  }
}

function checkoutOf(session: Stripe.Checkout.Session): Checkout {
  const customerId = session.metadata?.customer_id;
  const topupId = session.metadata?.topup_id;
  if (!customerId || !topupId || session.amount_total === null || !session.currency) {
    throw providerError('The checkout session lacks its amount or top-up reference.');
  }
  return {
    sessionId: session.id,
    status: statusOf(session),
    amountCents: asCents(session.amount_total),
    currency: session.currency.toUpperCase(),
    customerId,
    topupId,
  };
}

function statusOf(session: Stripe.Checkout.Session): Checkout['status'] {
  if (session.status === 'expired') return 'EXPIRED';
  // A complete session may still wait for a delayed payment method (payment_status 'unpaid'), and
  // 'no_payment_required' (a full discount) collected nothing: neither buys credit.
  return session.status === 'complete' && session.payment_status === 'paid' ? 'PAID' : 'OPEN';
}
