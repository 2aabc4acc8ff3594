import { setting } from '#platform/config';
import { logError } from '#platform/log';
import { getCustomer } from '#store/customers';
import { InHouseAccounting } from './in-house-accounting.ts';
import { invoiceRecords } from './invoice-records.ts';
import { creditBalance, findCredit } from './ledger.ts';
import { localCheckoutStore } from './local-checkout-records.ts';
import { LocalPaymentProvider } from './local-payment-provider.ts';
import { type PaymentProvider, providerUnavailable } from './payment-provider.ts';
import { S3InvoiceFiles } from './s3-invoice-files.ts';
import { StripePaymentProvider, type StripeSettings } from './stripe-payment-provider.ts';
import { TopupFlow } from './topup-flow.ts';
import { topupRecords } from './topup-records.ts';

/**
 * The billing adapters of this deployment, built once per cold start: Stripe when its key is set,
 * otherwise the local checkout page; the in-house accounting with PDFs in the data bucket.
 */

export const accounting = new InHouseAccounting({
  records: invoiceRecords,
  files: new S3InvoiceFiles(setting('DATA_BUCKET')),
  seller: {
    name: setting('INVOICE_SELLER_NAME') ?? 'Product Data Service',
    addressLines: (setting('INVOICE_SELLER_ADDRESS') ?? '')
      .split(';')
      .map((line) => line.trim())
      .filter(Boolean),
    vatId: setting('INVOICE_SELLER_VAT_ID'),
    email: setting('INVOICE_SELLER_EMAIL'),
  },
});

export const topups = new TopupFlow({
  records: topupRecords,
  ledger: {
    credit: (input) => creditBalance({ ...input, kind: 'TOPUP' }),
    findCredit,
  },
  accounting,
  customerName: async (customerId) => (await getCustomer(customerId))?.name ?? customerId,
});

const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

type StripeSetup =
  | { kind: 'STRIPE'; provider: StripePaymentProvider; returnUrl: string }
  | { kind: 'LOCAL' }
  | { kind: 'MISCONFIGURED' };

function stripeSetup(): StripeSetup {
  const settings = {
    STRIPE_SECRET_KEY: setting('STRIPE_SECRET_KEY'),
    STRIPE_WEBHOOK_SECRET: setting('STRIPE_WEBHOOK_SECRET'),
    CHECKOUT_RETURN_URL: setting('CHECKOUT_RETURN_URL'),
  };
  if (!settings.STRIPE_SECRET_KEY && !settings.STRIPE_WEBHOOK_SECRET) return { kind: 'LOCAL' };
  const missing = Object.entries(settings).filter(([, value]) => value === undefined);
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    CHECKOUT_RETURN_URL: returnUrl,
  } = settings;
  if (!secretKey || !webhookSecret || !returnUrl) {
    // Half a Stripe setup must not fall back to free local payments: billing answers 503 instead.
    logError('Stripe is partly configured; billing is unavailable', 'MISSING_CONFIGURATION', {
      missing: missing.map(([name]) => name),
    });
    return { kind: 'MISCONFIGURED' };
  }
  return {
    kind: 'STRIPE',
    provider: new StripePaymentProvider({ secretKey, webhookSecret, endpoint: stripeEndpoint() }),
    returnUrl,
  };
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

const stripe = stripeSetup();

/** The local checkout for a request that reached the API at `baseUrl`; null when Stripe takes payments. */
export function localCheckout(baseUrl: string): LocalPaymentProvider | null {
  if (stripe.kind !== 'LOCAL') return null;
  return new LocalPaymentProvider({
    store: localCheckoutStore,
    checkoutPageUrl: `${baseUrl}/checkout`,
    onPaid: async (checkout) => {
      await topups.completePaid(checkout);
    },
  });
}

/** The payment provider serving a request that reached the API at `baseUrl`. */
export function paymentProvider(baseUrl: string): PaymentProvider {
  if (stripe.kind === 'STRIPE') return stripe.provider;
  const local = localCheckout(baseUrl);
  if (!local) throw providerUnavailable();
  return local;
}

/** Where the payer lands after the checkout: the configured page, or locally the checkout page itself. */
export function checkoutReturnUrl(baseUrl: string): string {
  return stripe.kind === 'STRIPE' ? stripe.returnUrl : `${baseUrl}/checkout/${SESSION_PLACEHOLDER}`;
}
