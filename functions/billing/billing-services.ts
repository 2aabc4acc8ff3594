import { customerStore } from '#accounts/account-services';
import { onFirstUse, setting } from '#platform/config';
import { logError } from '#platform/log';
import { readSecrets } from '#platform/secrets';
import { localCheckoutStore } from './dynamo-local-checkout-records.ts';
import { topupRecords } from './dynamo-topup-records.ts';
import { accounting } from './invoicing-services.ts';
import { ledger } from './ledger-services.ts';
import { LocalPaymentProvider } from './local-payment-provider.ts';
import { type PaymentProvider, providerUnavailable } from './payment-provider.ts';
import { StripePaymentProvider, type StripeSettings } from './stripe-payment-provider.ts';
import { TopupFlow } from './topup-flow.ts';

/**
 * The billing adapters of this deployment, built once per cold start: Stripe when its key is set,
 * otherwise the local checkout page; invoices through ./invoicing.ts.
 */

export const topups = onFirstUse(
  () =>
    new TopupFlow({
      records: topupRecords,
      ledger: {
        credit: (input) => ledger.creditBalance({ ...input, kind: 'TOPUP' }),
        findCredit: ledger.findCredit,
      },
      accounting: accounting(),
      customerName: async (customerId) => (await customerStore.get(customerId))?.name ?? customerId,
    }),
);

const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

type StripeSetup =
  | { kind: 'STRIPE'; provider: StripePaymentProvider; returnUrl: string }
  | { kind: 'LOCAL' }
  | { kind: 'MISCONFIGURED' };

/** The provider built from the secrets last read, rebuilt only when a rotation changed them. */
let built: { secretKey: string; webhookSecret: string; provider: StripePaymentProvider } | undefined;

/** The settings last reported missing: every request meets them, the log needs them once. */
let reportedMissing: string | undefined;

function reportMissing(missing: string[]): void {
  const names = missing.join(',');
  if (names === reportedMissing) return;
  reportedMissing = names;
  logError('Stripe is partly configured; billing is unavailable', 'MISSING_CONFIGURATION', { missing });
}

/**
 * Stripe when its secrets are configured (a Secrets Manager secret in AWS, variables locally),
 * otherwise the local checkout page. The secrets are read per request through their cache, so a
 * rotated key takes over without a cold start.
 */
async function stripeSetup(): Promise<StripeSetup> {
  const returnUrl = setting('CHECKOUT_RETURN_URL');
  let secrets: Record<'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET', string | undefined>;
  try {
    secrets = await readSecrets(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  } catch (error) {
    logError('The Stripe secret could not be read; billing is unavailable', 'SECRET_UNREADABLE', {
      error: String(error),
    });
    return { kind: 'MISCONFIGURED' };
  }
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = secrets;
  if (!secretKey && !webhookSecret) return { kind: 'LOCAL' };
  if (!secretKey || !webhookSecret || !returnUrl) {
    // Half a Stripe setup must not fall back to free local payments: billing answers 503 instead.
    reportMissing(
      Object.entries({
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        CHECKOUT_RETURN_URL: returnUrl,
      })
        .filter(([, value]) => !value)
        .map(([name]) => name),
    );
    return { kind: 'MISCONFIGURED' };
  }
  if (built?.secretKey !== secretKey || built.webhookSecret !== webhookSecret) {
    built = {
      secretKey,
      webhookSecret,
      provider: new StripePaymentProvider({ secretKey, webhookSecret, endpoint: stripeEndpoint() }),
    };
  }
  return { kind: 'STRIPE', provider: built.provider, returnUrl };
}

/** Tests point the Stripe library at a local fake of its API. */
function stripeEndpoint(): StripeSettings['endpoint'] {
  const url = setting('STRIPE_API_URL');
  if (!url) return undefined;
  const { protocol, hostname, port } = new URL(url);
  return {
    protocol: protocol === 'http:' ? 'http' : 'https',
    host: hostname,
    port: Number(port || (protocol === 'http:' ? 80 : 443)),
  };
}

/** The local checkout for a request that reached the API at `baseUrl`; null when Stripe takes payments. */
export async function localCheckout(baseUrl: string): Promise<LocalPaymentProvider | null> {
  if ((await stripeSetup()).kind !== 'LOCAL') return null;
  return localProvider(baseUrl);
}

function localProvider(baseUrl: string): LocalPaymentProvider {
  return new LocalPaymentProvider({
    store: localCheckoutStore,
    checkoutPageUrl: `${baseUrl}/checkout`,
    onPaid: async (checkout) => {
      await topups().completePaid(checkout);
    },
  });
}

/** The payment provider serving a request that reached the API at `baseUrl`, and where its payer returns. */
export async function paymentProvider(
  baseUrl: string,
): Promise<{ provider: PaymentProvider; returnUrl: string }> {
  const stripe = await stripeSetup();
  if (stripe.kind === 'STRIPE') return { provider: stripe.provider, returnUrl: stripe.returnUrl };
  if (stripe.kind === 'MISCONFIGURED') throw providerUnavailable();
  // Locally the payer lands on the checkout page itself.
  return { provider: localProvider(baseUrl), returnUrl: `${baseUrl}/checkout/${SESSION_PLACEHOLDER}` };
}
