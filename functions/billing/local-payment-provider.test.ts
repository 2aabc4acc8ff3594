import { describe, expect, it, vi } from 'vitest';
import { asCents } from '#core/money';
import { InMemoryLocalCheckoutStore, LocalPaymentProvider } from './local-payment-provider.ts';
import type { Checkout, CheckoutRequest } from './payment-provider.ts';

const topup: CheckoutRequest = {
  customerId: 'cus_1',
  amountCents: asCents(5000),
  currency: 'EUR',
  topupId: 'top_1',
  successUrl: 'http://127.0.0.1:3000/topups/{CHECKOUT_SESSION_ID}?done=1',
  cancelUrl: 'http://127.0.0.1:3000/billing',
};

function setup(onPaid: (checkout: Checkout) => Promise<void> = async () => {}) {
  const paid = vi.fn(onPaid);
  const provider = new LocalPaymentProvider({
    store: new InMemoryLocalCheckoutStore(),
    checkoutPageUrl: 'http://127.0.0.1:3000/local-checkout/',
    onPaid: paid,
    now: () => new Date('2026-05-01T10:00:00Z'),
  });
  return { provider, paid };
}

describe('LocalPaymentProvider', () => {
  it('opens a session on the local checkout page', async () => {
    const { provider } = setup();

    const { sessionId, checkoutUrl } = await provider.createCheckout(topup);

    expect(sessionId).toMatch(/^cs_local_[0-9a-f]{32}$/);
    expect(checkoutUrl).toBe(`http://127.0.0.1:3000/local-checkout/${sessionId}`);
    expect(await provider.getCheckout(sessionId)).toEqual({
      sessionId,
      status: 'OPEN',
      amountCents: 5000,
      currency: 'EUR',
      customerId: 'cus_1',
      topupId: 'top_1',
    });
    expect(await provider.getSession(sessionId)).toMatchObject({
      successUrl: `http://127.0.0.1:3000/topups/${sessionId}?done=1`,
      cancelUrl: 'http://127.0.0.1:3000/billing',
      createdAt: '2026-05-01T10:00:00.000Z',
    });
  });

  it('pays once and runs the payment-completed callback once', async () => {
    const { provider, paid } = setup();
    const { sessionId } = await provider.createCheckout(topup);

    const sessions = await Promise.all([
      provider.completeCheckout(sessionId, 'PAY'),
      provider.completeCheckout(sessionId, 'PAY'),
    ]);
    await provider.completeCheckout(sessionId, 'CANCEL');

    expect(sessions.map((session) => session.status)).toEqual(['PAID', 'PAID']);
    expect(paid).toHaveBeenCalledTimes(1);
    expect(paid).toHaveBeenCalledWith({
      sessionId,
      status: 'PAID',
      amountCents: 5000,
      currency: 'EUR',
      customerId: 'cus_1',
      topupId: 'top_1',
    });
    expect((await provider.getCheckout(sessionId)).status).toBe('PAID');
  });

  it('expires on cancel and cannot be paid afterwards', async () => {
    const { provider, paid } = setup();
    const { sessionId } = await provider.createCheckout(topup);

    const cancelled = await provider.completeCheckout(sessionId, 'CANCEL');
    const payAfter = await provider.completeCheckout(sessionId, 'PAY');

    expect(cancelled.status).toBe('EXPIRED');
    expect(payAfter.status).toBe('EXPIRED');
    expect(paid).not.toHaveBeenCalled();
  });

  it('stays PAID when the callback fails, for the status poll to credit', async () => {
    const { provider } = setup(async () => {
      throw new Error('ledger down');
    });
    const { sessionId } = await provider.createCheckout(topup);

    await expect(provider.completeCheckout(sessionId, 'PAY')).rejects.toThrow('ledger down');

    expect((await provider.getCheckout(sessionId)).status).toBe('PAID');
  });

  it('answers SESSION_NOT_FOUND for an unknown session', async () => {
    const { provider } = setup();

    await expect(provider.getCheckout('cs_local_missing')).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
    await expect(provider.completeCheckout('cs_local_missing', 'PAY')).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
  });

  it('rejects every webhook: nothing sends one locally', async () => {
    const { provider } = setup();

    await expect(provider.parseWebhook()).rejects.toMatchObject({ code: 'INVALID_WEBHOOK_SIGNATURE' });
  });
});
