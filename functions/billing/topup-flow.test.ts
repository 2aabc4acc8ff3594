import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asCents, type Cents } from '#core/money';
import type { Accounting, Invoice, InvoiceRequest } from './accounting.ts';
import { accountingError } from './accounting.ts';
import { InMemoryLocalCheckoutStore, LocalPaymentProvider } from './local-payment-provider.ts';
import { type Topup, TopupFlow, type TopupLedger, type TopupRecords } from './topup-flow.ts';

class MemoryRecords implements TopupRecords {
  readonly topups = new Map<string, Topup>();
  async create(topup: Topup) {
    this.topups.set(`${topup.customerId}/${topup.sessionId}`, { ...topup });
  }
  async get(customerId: string, sessionId: string) {
    const topup = this.topups.get(`${customerId}/${sessionId}`);
    return topup ? { ...topup } : null;
  }
  async recordInvoice(customerId: string, sessionId: string, invoiceId: string) {
    const topup = this.topups.get(`${customerId}/${sessionId}`);
    if (topup) topup.invoiceId = invoiceId;
  }
}

class MemoryLedger implements TopupLedger {
  readonly credits = new Map<string, { amount: Cents; creditedAt: string }>();
  async credit(input: { customerId: string; amount: Cents; source: string }) {
    const key = `${input.customerId}/${input.source}`;
    if (this.credits.has(key)) return false;
    this.credits.set(key, { amount: input.amount, creditedAt: '2026-03-01T10:00:00.000Z' });
    return true;
  }
  async findCredit(customerId: string, source: string) {
    return this.credits.get(`${customerId}/${source}`) ?? null;
  }
}

class MemoryAccounting implements Accounting {
  readonly invoices = new Map<string, Invoice>();
  failing = false;
  async issueInvoice(request: InvoiceRequest) {
    if (this.failing) throw accountingError();
    const existing = this.invoices.get(request.sessionId);
    if (existing) return existing;
    const invoice = {
      invoice_id: `inv_${this.invoices.size + 1}`,
      number: `2026-00000${this.invoices.size + 1}`,
      session_id: request.sessionId,
      amount: '0.00',
      currency: request.currency,
      issued_at: request.paidAt.toISOString(),
    };
    this.invoices.set(request.sessionId, invoice);
    return invoice;
  }
  async listInvoices() {
    return { invoices: [...this.invoices.values()], next: undefined };
  }
  async renderInvoicePdf(): Promise<Uint8Array> {
    throw new Error('not used');
  }
}

let records: MemoryRecords;
let ledger: MemoryLedger;
let accounting: MemoryAccounting;
let flow: TopupFlow;
let provider: LocalPaymentProvider;

beforeEach(() => {
  records = new MemoryRecords();
  ledger = new MemoryLedger();
  accounting = new MemoryAccounting();
  flow = new TopupFlow({ records, ledger, accounting, customerName: async () => 'Acme' });
  provider = new LocalPaymentProvider({
    store: new InMemoryLocalCheckoutStore(),
    checkoutPageUrl: 'http://127.0.0.1:3000/v1/checkout',
    onPaid: async (checkout) => {
      await flow.completePaid(checkout);
    },
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

const start = (amount = 2500) =>
  flow.start(provider, {
    customerId: 'cus_1',
    amountCents: asCents(amount),
    currency: 'EUR',
    jobId: null,
    successUrl: 'http://127.0.0.1:3000/v1/checkout/{CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://127.0.0.1:3000/v1/checkout/{CHECKOUT_SESSION_ID}',
  });

describe('TopupFlow', () => {
  it('opens a checkout and keeps the top-up under its session', async () => {
    const started = await start();

    expect(started.checkout_url).toBe(`http://127.0.0.1:3000/v1/checkout/${started.session_id}`);
    expect(await records.get('cus_1', started.session_id)).toMatchObject({
      amountCents: 2500,
      currency: 'EUR',
      invoiceId: null,
    });
  });

  it('credits a paid checkout once and invoices it once, however often it completes', async () => {
    const { session_id } = await start();
    await provider.completeCheckout(session_id, 'PAY');
    const checkout = await provider.getCheckout(session_id);

    await Promise.all([flow.completePaid(checkout), flow.completePaid(checkout)]);

    expect([...ledger.credits.values()]).toEqual([{ amount: 2500, creditedAt: expect.any(String) }]);
    expect(accounting.invoices.size).toBe(1);
    expect((await records.get('cus_1', session_id))?.invoiceId).toBe('inv_1');
  });

  it('does not credit a checkout that does not match its top-up', async () => {
    const { session_id } = await start();
    await provider.completeCheckout(session_id, 'PAY');
    const checkout = await provider.getCheckout(session_id);

    expect(await flow.completePaid({ ...checkout, amountCents: asCents(999_999) })).toBe(false);
    expect(await flow.completePaid({ ...checkout, customerId: 'cus_other' })).toBe(false);
    expect(ledger.credits.size).toBe(1); // only the Pay button's own completion
  });

  it('reports an open checkout as not credited', async () => {
    const { session_id } = await start();

    expect(await flow.status(provider, 'cus_1', session_id)).toEqual({
      session_id,
      status: 'OPEN',
      credited: false,
      amount: '25.00',
      currency: 'EUR',
      credited_at: null,
    });
  });

  it('credits on the poll when the payment-completed path failed, and issues the invoice later', async () => {
    const { session_id } = await start();
    accounting.failing = true;
    await expect(provider.completeCheckout(session_id, 'PAY')).rejects.toMatchObject({
      code: 'ACCOUNTING_ERROR',
    });

    const first = await flow.status(provider, 'cus_1', session_id);
    accounting.failing = false;
    const second = await flow.status(provider, 'cus_1', session_id);

    expect(first).toMatchObject({ status: 'PAID', credited: true, credited_at: '2026-03-01T10:00:00.000Z' });
    expect(second).toEqual(first);
    expect(ledger.credits.size).toBe(1);
    expect(accounting.invoices.size).toBe(1);
  });

  it('answers SESSION_NOT_FOUND for a session of another customer', async () => {
    const { session_id } = await start();

    await expect(flow.status(provider, 'cus_2', session_id)).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
  });
});
