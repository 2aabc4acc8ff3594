import type { Cents } from '#core/money';
import { BadGateway, NotFound, Problem, Unavailable } from '#core/problem';

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
export const providerError = (
  detail = 'The payment provider failed. Please try again later.',
  cause?: unknown,
) => BadGateway('PAYMENT_PROVIDER_ERROR', detail, cause);

/** Payments cannot be taken at all: missing or rejected credentials, or billing switched off (503). */
export const providerUnavailable = (detail = 'Billing is unavailable at the moment.', cause?: unknown) =>
  Unavailable('BILLING_UNAVAILABLE', detail, cause);

/** The provider does not know the checkout session (404). */
export const checkoutNotFound = (sessionId: string) =>
  NotFound('SESSION_NOT_FOUND', `Checkout session ${sessionId} was not found.`);

/** A webhook whose signature is missing, wrong or stale (400); nothing in its body is trusted. */
export const invalidWebhookSignature = (cause?: unknown) =>
  new Problem('INVALID_WEBHOOK_SIGNATURE', 'The webhook signature is not valid.', { cause });
