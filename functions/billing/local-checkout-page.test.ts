import { describe, expect, it, vi } from 'vitest';
import { asCents } from '#core/money';
import { localCheckoutPage } from './local-checkout-page.ts';
import { InMemoryLocalCheckoutStore, LocalPaymentProvider } from './local-payment-provider.ts';

async function openCheckout(customerId = 'cus_1') {
  const onPaid = vi.fn(async () => {});
  const provider = new LocalPaymentProvider({
    store: new InMemoryLocalCheckoutStore(),
    checkoutPageUrl: 'http://127.0.0.1:3000/local-checkout',
    onPaid,
  });
  const { sessionId } = await provider.createCheckout({
    customerId,
    amountCents: asCents(1999),
    currency: 'EUR',
    topupId: 'top_1',
    successUrl: 'http://127.0.0.1:3000/done/{CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://127.0.0.1:3000/cancelled',
  });
  return { provider, sessionId, onPaid };
}

/** What a browser without JavaScript submits for the button named `action` with this value. */
function submittedForm(html: string, buttonValue: string): string {
  const form = /<form method="post">([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';
  const button = new RegExp(`<button type="submit" name="([^"]+)" value="(${buttonValue})">`).exec(form);
  return button ? new URLSearchParams({ [button[1] ?? '']: button[2] ?? '' }).toString() : '';
}

describe('localCheckoutPage', () => {
  it('shows an open session with a Pay / Cancel form that posts back', async () => {
    const { provider, sessionId } = await openCheckout();

    const response = await localCheckoutPage(provider, { method: 'GET', sessionId });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<form method="post">');
    expect(response.body).toContain('Pay 19.99 EUR');
    expect(response.body).toContain(sessionId);
    expect(response.body).not.toContain('<script');
    expect(submittedForm(response.body, 'pay')).toBe('action=pay');
    expect(submittedForm(response.body, 'cancel')).toBe('action=cancel');
  });

  it('pays from the form and sends the browser to the success page', async () => {
    const { provider, sessionId, onPaid } = await openCheckout();
    const form = await localCheckoutPage(provider, { method: 'GET', sessionId });

    const response = await localCheckoutPage(provider, {
      method: 'POST',
      sessionId,
      body: submittedForm(form.body, 'pay'),
    });
    const after = await localCheckoutPage(provider, { method: 'GET', sessionId });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`http://127.0.0.1:3000/done/${sessionId}`);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(after.body).toContain('<h1>Paid</h1>');
    expect(after.body).not.toContain('<form');
  });

  it('cancels from the form and sends the browser to the cancel page', async () => {
    const { provider, sessionId, onPaid } = await openCheckout();

    const response = await localCheckoutPage(provider, { method: 'POST', sessionId, body: 'action=cancel' });
    const replay = await localCheckoutPage(provider, { method: 'POST', sessionId, body: 'action=pay' });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('http://127.0.0.1:3000/cancelled');
    expect(replay.headers.location).toBe('http://127.0.0.1:3000/cancelled');
    expect(onPaid).not.toHaveBeenCalled();
    expect((await provider.getCheckout(sessionId)).status).toBe('EXPIRED');
  });

  it('refuses an unknown action, an unknown session and other methods', async () => {
    const { provider, sessionId } = await openCheckout();

    const unknownAction = await localCheckoutPage(provider, {
      method: 'POST',
      sessionId,
      body: 'action=steal',
    });
    const noBody = await localCheckoutPage(provider, { method: 'POST', sessionId });
    const unknownSession = await localCheckoutPage(provider, { method: 'GET', sessionId: 'cs_local_nope' });
    const unknownPost = await localCheckoutPage(provider, {
      method: 'POST',
      sessionId: 'x',
      body: 'action=pay',
    });
    const put = await localCheckoutPage(provider, { method: 'PUT', sessionId });

    expect(unknownAction.statusCode).toBe(400);
    expect(noBody.statusCode).toBe(400);
    expect(unknownSession.statusCode).toBe(404);
    expect(unknownPost.statusCode).toBe(404);
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, POST');
    expect((await provider.getCheckout(sessionId)).status).toBe('OPEN');
  });

  it('escapes what it prints', async () => {
    const { provider, sessionId } = await openCheckout('<img src=x onerror=alert(1)>');

    const response = await localCheckoutPage(provider, { method: 'GET', sessionId });

    expect(response.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(response.body).not.toContain('<img');
  });
});
