import { newId } from '#core/ids';
import { type Cents, formatMoney } from '#core/money';
import { logError } from '#platform/log';
import type { Accounting } from './accounting.ts';
import {
  type Checkout,
  type CheckoutStatus,
  checkoutNotFound,
  type PaymentProvider,
} from './payment-provider.ts';

/**
 * Top-ups of the prepaid credit: open a hosted checkout, and once it is paid credit it exactly once
 * and issue its invoice. The provider's webhook (and its retries), the local Pay button and the
 * status poll all reach `completePaid`, possibly at the same time; the ledger's guard per checkout
 * session makes them credit once, and the accounting issues one invoice per session.
 */

/** A top-up the customer started, kept per checkout session. */
export interface Topup {
  topupId: string;
  customerId: string;
  sessionId: string;
  amountCents: Cents;
  currency: string;
  /** The job the customer tops up for, if any (for their own reference). */
  jobId: string | null;
  createdAt: string;
  /** Set once the invoice of the paid top-up is issued. */
  invoiceId: string | null;
}

export interface TopupRecords {
  create(topup: Topup): Promise<void>;
  get(customerId: string, sessionId: string): Promise<Topup | null>;
  recordInvoice(customerId: string, sessionId: string, invoiceId: string): Promise<void>;
}

export interface TopupLedger {
  /** Adds credit once per `source`; false when that source was credited before. */
  credit(input: { customerId: string; amount: Cents; source: string; reason: string }): Promise<boolean>;
  findCredit(customerId: string, source: string): Promise<{ creditedAt: string } | null>;
}

export interface TopupFlowDeps {
  records: TopupRecords;
  ledger: TopupLedger;
  accounting: Accounting;
  customerName(customerId: string): Promise<string>;
  now?: () => Date;
}

/** The top-up status record of the design. */
export interface TopupStatus {
  session_id: string;
  status: CheckoutStatus;
  credited: boolean;
  amount: string;
  currency: string;
  credited_at: string | null;
}

export interface StartTopup {
  customerId: string;
  amountCents: Cents;
  currency: string;
  jobId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export class TopupFlow {
  readonly #deps: TopupFlowDeps;

  constructor(deps: TopupFlowDeps) {
    this.#deps = deps;
  }

  async start(
    provider: PaymentProvider,
    input: StartTopup,
  ): Promise<{ checkout_url: string; session_id: string }> {
    const topupId = newId('top');
    const link = await provider.createCheckout({
      customerId: input.customerId,
      amountCents: input.amountCents,
      currency: input.currency,
      topupId,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
    });
    await this.#deps.records.create({
      topupId,
      customerId: input.customerId,
      sessionId: link.sessionId,
      amountCents: input.amountCents,
      currency: input.currency,
      jobId: input.jobId,
      createdAt: this.#now().toISOString(),
      invoiceId: null,
    });
    return { checkout_url: link.checkoutUrl, session_id: link.sessionId };
  }

  /**
   * The "payment completed" path: credits a paid checkout once and issues its invoice. Answers
   * false when the checkout is not a paid top-up of ours (nothing to do). An accounting failure is
   * thrown after the credit stands, so a retried webhook or the next poll issues the invoice.
   */
  async completePaid(checkout: Checkout): Promise<boolean> {
    if (checkout.status !== 'PAID') return false;
    const topup = await this.#deps.records.get(checkout.customerId, checkout.sessionId);
    if (!topup || !paysFor(checkout, topup)) {
      logError('a paid checkout matches no top-up; not credited', 'CHECKOUT_MISMATCH', {
        sessionId: checkout.sessionId,
        customerId: checkout.customerId,
      });
      return false;
    }
    const credit = await this.#credit(topup);
    await this.#invoice(topup, credit.creditedAt);
    return true;
  }

  /**
   * Whether the session's credit has arrived. Until it has, asks the provider and, when it says
   * paid, credits it here: a lost or late webhook must not keep paid credit from the customer.
   */
  async status(provider: PaymentProvider, customerId: string, sessionId: string): Promise<TopupStatus> {
    const topup = await this.#deps.records.get(customerId, sessionId);
    if (!topup) throw checkoutNotFound(sessionId);
    let credit = await this.#deps.ledger.findCredit(customerId, sessionId);
    let status: CheckoutStatus = 'PAID';
    if (!credit) {
      const checkout = await provider.getCheckout(sessionId);
      status = checkout.status;
      if (checkout.status === 'PAID' && paysFor(checkout, topup)) credit = await this.#credit(topup);
    }
    if (credit && !topup.invoiceId) {
      // The credit stands; a failed invoice is retried by the next poll, not reported as unpaid.
      await this.#invoice(topup, credit.creditedAt).catch((error: unknown) =>
        logError('invoice of a paid top-up failed; the next poll retries', error, { sessionId }),
      );
    }
    return {
      session_id: sessionId,
      status,
      credited: credit !== null,
      amount: formatMoney(topup.amountCents),
      currency: topup.currency,
      credited_at: credit?.creditedAt ?? null,
    };
  }

  async #credit(topup: Topup): Promise<{ creditedAt: string }> {
    await this.#deps.ledger.credit({
      customerId: topup.customerId,
      amount: topup.amountCents,
      source: topup.sessionId,
      reason: `top-up ${topup.topupId}`,
    });
    const credit = await this.#deps.ledger.findCredit(topup.customerId, topup.sessionId);
    if (!credit) throw new Error(`The credit of session ${topup.sessionId} is missing right after crediting`);
    return credit;
  }

  async #invoice(topup: Topup, paidAt: string): Promise<void> {
    if (topup.invoiceId) return;
    const invoice = await this.#deps.accounting.issueInvoice({
      customerId: topup.customerId,
      customerName: await this.#deps.customerName(topup.customerId),
      sessionId: topup.sessionId,
      topupId: topup.topupId,
      amountCents: topup.amountCents,
      currency: topup.currency,
      paidAt: new Date(paidAt),
    });
    await this.#deps.records.recordInvoice(topup.customerId, topup.sessionId, invoice.invoice_id);
  }

  #now(): Date {
    return this.#deps.now?.() ?? new Date();
  }
}

/** Whether a checkout is the one opened for this top-up, for the same money. */
function paysFor(checkout: Checkout, topup: Topup): boolean {
  return (
    checkout.customerId === topup.customerId &&
    checkout.topupId === topup.topupId &&
    checkout.amountCents === topup.amountCents &&
    checkout.currency === topup.currency
  );
}
