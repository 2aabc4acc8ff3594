import { randomBytes } from 'node:crypto';
import {
  type Checkout,
  type CheckoutLink,
  type CheckoutRequest,
  checkoutNotFound,
  invalidWebhookSignature,
  type PaymentEvent,
  type PaymentProvider,
} from './payment-provider.ts';

/**
 * The checkout used when no Stripe key is configured: the dev server serves a page where the payer
 * presses Pay or Cancel. Paying runs the same "payment completed" callback as Stripe's webhook, so
 * the crediting code is exercised locally exactly as in the cloud.
 */

export interface LocalCheckoutSession extends Checkout {
  successUrl: string;
  cancelUrl: string;
  createdAt: string;
}

export interface LocalCheckoutStore {
  create(session: LocalCheckoutSession): Promise<void>;
  get(sessionId: string): Promise<LocalCheckoutSession | undefined>;
  /**
   * Moves an OPEN session to `status` (a conditional write in a real store). Answers the session as
   * it stands afterwards and whether this call closed it, or undefined for an unknown session.
   */
  close(
    sessionId: string,
    status: 'PAID' | 'EXPIRED',
  ): Promise<{ session: LocalCheckoutSession; closedNow: boolean } | undefined>;
}

/** Sessions in process memory: enough for one dev server and for tests. */
export class InMemoryLocalCheckoutStore implements LocalCheckoutStore {
  readonly #sessions = new Map<string, LocalCheckoutSession>();

  async create(session: LocalCheckoutSession): Promise<void> {
    this.#sessions.set(session.sessionId, { ...session });
  }

  async get(sessionId: string): Promise<LocalCheckoutSession | undefined> {
    const session = this.#sessions.get(sessionId);
    return session && { ...session };
  }

  async close(sessionId: string, status: 'PAID' | 'EXPIRED') {
    const session = this.#sessions.get(sessionId);
    if (!session) return undefined;
    const closedNow = session.status === 'OPEN';
    if (closedNow) session.status = status;
    return { session: { ...session }, closedNow };
  }
}

export type CheckoutAction = 'PAY' | 'CANCEL';

export interface LocalPaymentProviderOptions {
  store: LocalCheckoutStore;
  /** URL of the dev server's checkout page; the session id is appended as the last path segment. */
  checkoutPageUrl: string;
  /** The "payment completed" path the Stripe webhook also takes: credit the top-up once. */
  onPaid: (checkout: Checkout) => Promise<void>;
  now?: () => Date;
}

const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export class LocalPaymentProvider implements PaymentProvider {
  readonly #options: LocalPaymentProviderOptions;

  constructor(options: LocalPaymentProviderOptions) {
    this.#options = options;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutLink> {
    const sessionId = `cs_local_${randomBytes(16).toString('hex')}`;
    await this.#options.store.create({
      sessionId,
      status: 'OPEN',
      amountCents: request.amountCents,
      currency: request.currency,
      customerId: request.customerId,
      topupId: request.topupId,
      // Stripe fills the same placeholder, so return pages work unchanged with either provider.
      successUrl: request.successUrl.replaceAll(SESSION_ID_PLACEHOLDER, sessionId),
      cancelUrl: request.cancelUrl.replaceAll(SESSION_ID_PLACEHOLDER, sessionId),
      createdAt: (this.#options.now?.() ?? new Date()).toISOString(),
    });
    const base = this.#options.checkoutPageUrl.replace(/\/+$/, '');
    return { sessionId, checkoutUrl: `${base}/${sessionId}` };
  }

  async getCheckout(sessionId: string): Promise<Checkout> {
    return checkoutOf(await this.getSession(sessionId));
  }

  /** There is no webhook sender locally, so anything posted to the webhook route is forged. */
  async parseWebhook(): Promise<PaymentEvent> {
    throw invalidWebhookSignature();
  }

  /** The full session, for rendering the checkout page. */
  async getSession(sessionId: string): Promise<LocalCheckoutSession> {
    const session = await this.#options.store.get(sessionId);
    if (!session) throw checkoutNotFound(sessionId);
    return session;
  }

  /**
   * Pay or cancel from the checkout page. Pay marks the session PAID and then runs `onPaid`; cancel
   * marks it EXPIRED. Repeated presses change nothing and run nothing again. If `onPaid` fails, the
   * session stays PAID and the top-up status poll credits it, as it does after a lost webhook.
   */
  async completeCheckout(sessionId: string, action: CheckoutAction): Promise<LocalCheckoutSession> {
    const closed = await this.#options.store.close(sessionId, action === 'PAY' ? 'PAID' : 'EXPIRED');
    if (!closed) throw checkoutNotFound(sessionId);
    if (closed.closedNow && closed.session.status === 'PAID')
      await this.#options.onPaid(checkoutOf(closed.session));
    return closed.session;
  }
}

function checkoutOf(session: LocalCheckoutSession): Checkout {
  const { sessionId, status, amountCents, currency, customerId, topupId } = session;
  return { sessionId, status, amountCents, currency, customerId, topupId };
}
