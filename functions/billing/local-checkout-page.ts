import { formatMoney } from '#core/money';
import { isProblem } from '#core/problem';
import type { CheckoutAction, LocalCheckoutSession, LocalPaymentProvider } from './local-payment-provider.ts';

/**
 * The local checkout page: GET shows the session with a Pay / Cancel form, POST completes it and
 * sends the browser back with 303 See Other. A plain form post, so it works without JavaScript and
 * from tests with a single request. The dev server adapts its HTTP request to this and back.
 */

export interface CheckoutPageRequest {
  method: string;
  sessionId: string;
  /** The form body, `application/x-www-form-urlencoded`, already decoded from base64 if need be. */
  body?: string;
}

export interface CheckoutPageResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

const ACTIONS: Record<string, CheckoutAction> = { pay: 'PAY', cancel: 'CANCEL' };

export async function localCheckoutPage(
  provider: LocalPaymentProvider,
  request: CheckoutPageRequest,
): Promise<CheckoutPageResponse> {
  try {
    if (request.method === 'GET') return page(200, sessionView(await provider.getSession(request.sessionId)));
    if (request.method === 'POST') {
      const action = ACTIONS[new URLSearchParams(request.body ?? '').get('action') ?? ''];
      if (!action)
        return page(400, '<h1>Unknown action</h1><p>Press Pay or Cancel on the checkout page.</p>');
      const session = await provider.completeCheckout(request.sessionId, action);
      return {
        statusCode: 303,
        headers: { location: session.status === 'PAID' ? session.successUrl : session.cancelUrl },
        body: '',
      };
    }
    return { ...page(405, '<h1>Method not allowed</h1>'), headers: { ...HEADERS, allow: 'GET, POST' } };
  } catch (error) {
    if (isProblem(error, 'SESSION_NOT_FOUND')) return page(404, '<h1>Checkout not found</h1>');
    throw error;
  }
}

function sessionView(session: LocalCheckoutSession): string {
  const amount = `${formatMoney(session.amountCents)} ${session.currency}`;
  const details = `<dl>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>Customer</dt><dd>${escapeHtml(session.customerId)}</dd>
<dt>Top-up</dt><dd>${escapeHtml(session.topupId)}</dd>
<dt>Session</dt><dd>${escapeHtml(session.sessionId)}</dd>
<dt>Opened</dt><dd>${escapeHtml(session.createdAt)}</dd>
</dl>`;
  if (session.status === 'PAID') {
    return `<h1>Paid</h1>${details}<p><a href="${escapeHtml(session.successUrl)}">Back to the application</a></p>`;
  }
  if (session.status === 'EXPIRED') {
    return `<h1>Cancelled</h1>${details}<p><a href="${escapeHtml(session.cancelUrl)}">Back to the application</a></p>`;
  }
  // No action attribute: the form posts back to this page's own URL.
  return `<h1>Top up your credit</h1>
<p>No payment provider is configured, so this local page stands in for one. No money moves.</p>
${details}
<form method="post">
<button type="submit" name="action" value="pay">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`;
}

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};

function page(statusCode: number, content: string): CheckoutPageResponse {
  return {
    statusCode,
    headers: { ...HEADERS },
    body: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}dt{font-weight:600}button{font-size:1rem;margin-right:.5rem;padding:.5rem 1rem}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`,
  };
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
