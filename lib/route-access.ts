import type { Route } from '#http/routes';
import type { Access } from './service-function.ts';

/** What one route's Lambda may touch, derived from the route table entry alone. */
export interface RouteAccess {
  table: Access;
  /** Read-only routes behind an API key may still stamp the key's `last_used_at`. */
  stampsApiKeyUse: boolean;
  dataBucket: Access | undefined;
  exportsBucket: Access | undefined;
  /** The lanes (ASL file names) whose executions the route starts and stops (RW) or reads (RO). */
  lanes: { names: readonly string[] | 'ALL'; access: Access } | undefined;
  payments: boolean;
  /** Sends mail to the sales or support team. */
  mail: boolean;
  /** Renders invoice PDFs, so its bundle needs the fonts they embed. */
  invoiceFonts: boolean;
  /** Serves the docs page, so its bundle needs the Swagger UI files the page embeds. */
  docsAssets: boolean;
}

/** GET routes that change state by design; every other GET is read-only. */
export const WRITING_GETS: ReadonlySet<string> = new Set([
  // The top-up status poll credits a paid session that the webhook has not credited yet.
  'GET /customers/{customer_id}/billing/topups/{session_id}',
  // An export link rebuilds a file that no longer matches its inputs (a new currency, a newer catalog).
  'GET /exports/{dataset}/url',
  'GET /exports/{dataset}',
]);

/** `data: 'RO'` caps the access; `true` follows the route's own (read-only for GET). */
const BUCKET_RULES: readonly { prefix: string; data?: true | 'RO'; exports?: true }[] = [
  // Training samples; a removed website's catalogs.
  { prefix: '/websites', data: true },
  // URL lists of scrape jobs are written on create; CATALOG_URLS reads the last FULL catalog.
  { prefix: '/jobs/scraping', data: true },
  // Matching reads only catalog pointers (table items); the catalog module names the bucket.
  { prefix: '/jobs/matching', data: 'RO' },
  // CSV files are built from catalogs and served by presigned URL.
  { prefix: '/exports', data: 'RO', exports: true },
  // Invoice PDFs, written when a top-up is credited (webhook, status poll, local checkout).
  { prefix: '/customers/{customer_id}/billing', data: true },
  { prefix: '/billing', data: true },
  { prefix: '/checkout', data: true },
];

const LANE_RULES: readonly { prefix: string; lanes: readonly string[] | 'ALL' }[] = [
  { prefix: '/jobs/setup', lanes: ['website-setup'] },
  { prefix: '/jobs/scraping', lanes: ['scrape'] },
  { prefix: '/jobs/matching', lanes: ['matching'] },
  // Cancel stops the running execution of whichever lane the job is in.
  { prefix: '/jobs/{job_id}', lanes: 'ALL' },
];

/**
 * Routes that must know who takes payments. Billing handlers choose their payment provider at cold
 * start; one without the Stripe settings would offer the local checkout, where anyone can "pay".
 */
const PAYMENT_PREFIXES: readonly string[] = ['/customers/{customer_id}/billing', '/billing', '/checkout'];

/** Routes that render invoices: the PDF download, and the paths that credit a top-up and issue its invoice. */
export const INVOICE_RENDERING_ROUTES: ReadonlySet<string> = new Set([
  'GET /customers/{customer_id}/billing/invoices/{invoice_id}/pdf',
  'GET /customers/{customer_id}/billing/topups/{session_id}',
  'POST /billing/webhooks/stripe',
  'POST /checkout/{session_id}',
]);

export const DOCS_ROUTE = 'GET /docs';

const MAIL_PREFIXES: readonly string[] = ['/contact-requests'];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function routeAccess(route: Route): RouteAccess {
  const access: Access =
    route.method !== 'GET' || WRITING_GETS.has(`${route.method} ${route.path}`) ? 'RW' : 'RO';
  const buckets = BUCKET_RULES.find((rule) => under(route.path, rule.prefix));
  const lanes = LANE_RULES.find((rule) => under(route.path, rule.prefix));
  return {
    table: access,
    stampsApiKeyUse: route.auth === 'API_KEY' && access === 'RO',
    dataBucket: buckets?.data === 'RO' ? 'RO' : buckets?.data ? access : undefined,
    exportsBucket: buckets?.exports ? access : undefined,
    lanes: lanes && { names: lanes.lanes, access },
    payments: PAYMENT_PREFIXES.some((prefix) => under(route.path, prefix)),
    mail: MAIL_PREFIXES.some((prefix) => under(route.path, prefix)),
    invoiceFonts: INVOICE_RENDERING_ROUTES.has(`${route.method} ${route.path}`),
    docsAssets: `${route.method} ${route.path}` === DOCS_ROUTE,
  };
}
