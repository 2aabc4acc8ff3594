import type { Cents } from '#core/money';
import { Problem } from '#core/problem';

/**
 * The payment port: a hosted checkout for topping up the prepaid credit. Stripe implements it in the
 * cloud, a local checkout page without a Stripe key; top-up handlers depend on this interface only.
 */

export type CheckoutStatus = 'OPEN' | 'PAID' | 'EXPIRED';

export interface CheckoutRequest {
  customerId: string;
  amountCents: Cents;
  currency: string;
  topupId: string;
  /** Where the payer returns after paying; `{CHECKOUT_SESSION_ID}` is replaced by the session id. */
  successUrl: string;
  /** Where the payer returns after giving up; `{CHECKOUT_SESSION_ID}` is replaced likewise. */
  cancelUrl: string;
}

export interface CheckoutLink {
  sessionId: string;
  checkoutUrl: string;
}

export interface Checkout {
  sessionId: string;
  /** PAID only once the money is collected, so crediting on PAID never credits unpaid sessions. */
  status: CheckoutStatus;
  amountCents: Cents;
  currency: string;
  customerId: string;
  topupId: string;
}

export type PaymentEvent =
  /** A checkout finished; credit it when `checkout.status` is PAID (exactly once per session). */
  | { type: 'CHECKOUT_COMPLETED'; eventId: string; checkout: Checkout }
  /** Anything else the provider sends; acknowledge it so the provider stops retrying. */
  | { type: 'IGNORED'; eventId: string; eventType: string };

export interface PaymentProvider {
  createCheckout(request: CheckoutRequest): Promise<CheckoutLink>;
  getCheckout(sessionId: string): Promise<Checkout>;
  /** Verifies the provider's signature over the exact raw body before reading anything from it. */
  parseWebhook(rawBody: string | Uint8Array, signatureHeader: string | undefined): Promise<PaymentEvent>;
}

// Details are fixed texts: a provider's own message may carry internals, and 5xx bodies never do.

/** The provider failed or answered something unusable (502). */
export class ProviderError extends Problem {
  constructor(detail = 'The payment provider failed. Please try again later.', cause?: unknown) {
    super(502, 'PAYMENT_PROVIDER_ERROR', 'Bad Gateway', detail);
    this.name = 'ProviderError';
    this.cause = cause;
  }
}

/** Payments cannot be taken at all: missing or rejected credentials, or billing switched off (503). */
export class ProviderUnavailable extends Problem {
  constructor(detail = 'Billing is unavailable at the moment.', cause?: unknown) {
    super(503, 'BILLING_UNAVAILABLE', 'Service Unavailable', detail);
    this.name = 'ProviderUnavailable';
    this.cause = cause;
  }
}

/** The provider does not know the checkout session (404). */
export class CheckoutNotFound extends Problem {
  constructor(sessionId: string) {
    super(404, 'SESSION_NOT_FOUND', 'Not Found', `Checkout session ${sessionId} was not found.`);
    this.name = 'CheckoutNotFound';
  }
}

/** A webhook whose signature is missing, wrong or stale (400); nothing in its body is trusted. */
export class InvalidWebhookSignature extends Problem {
  constructor(cause?: unknown) {
    super(400, 'INVALID_WEBHOOK_SIGNATURE', 'Bad Request', 'The webhook signature is not valid.');
    this.name = 'InvalidWebhookSignature';
    this.cause = cause;
  }
}
