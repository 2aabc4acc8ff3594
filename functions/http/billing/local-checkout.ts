import * as v from 'valibot';
import { localCheckout } from '#billing/billing-services';
import { localCheckoutPage } from '#billing/local-checkout-page';
import { NotFound } from '#core/problem';
import { sessionId } from '#platform/request-fields';
import { publicHttp } from '../http.ts';

const path = v.object({ session_id: sessionId });

/** The checkout answers its own pages, errors included (an unknown session, an unknown action). */
const page = { mediaType: 'text/html' };

/** The local checkout page (GET shows it, POST pays or cancels); absent where Stripe takes payments. */
export const handler = publicHttp(
  { path, responses: { 200: page, 400: page, 404: page } },
  async ({ path, event, baseUrl }) => {
    const provider = await localCheckout(baseUrl);
    if (!provider) throw NotFound('CHECKOUT_NOT_FOUND', 'Payments are taken by Stripe here.');
    const body = event.isBase64Encoded
      ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
      : event.body;
    return localCheckoutPage(provider, {
      method: event.requestContext.http.method,
      sessionId: path.session_id,
      body,
    });
  },
);
