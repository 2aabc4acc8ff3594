import type { CustomerAction, ProjectAction } from '#core/access-policy';
import type { ProblemCode } from '#core/problem-catalogue';
import { WEBHOOK_EVENT_TYPES } from '#core/webhook-events';
import type { Lane } from './lane-executions.ts';

/**
 * The route table: the one list that the CDK stack (one Lambda per route and its grants), the local
 * server, the HTTP factory and the OpenAPI document read. It lives in the platform layer so that
 * every reader sits at or above it. `handler` is the module under functions/http/ exporting `handler`.
 *
 * auth: API_KEY routes need a key; NONE routes authenticate otherwise (provider webhooks, the local
 * checkout page). scope: USER routes refuse PROJECT keys with 403 INSUFFICIENT_SCOPE.
 */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  handler: string;
  auth: 'API_KEY' | 'NONE';
  scope: 'USER' | 'ANY';
  /** One line for the API reference. */
  summary: string;
  /** What a caller must know beyond the summary, for the API reference. */
  description?: string;
  /** What the handler's Lambda may touch; the CDK grants come from here and nowhere else. */
  access: RouteAccess;
  /**
   * The access-policy action of the route. The handler factory hands it to the handler's check
   * (`RouteGuard`), and refuses an answer no check let through.
   */
  action?: CustomerAction | ProjectAction;
  /** Which requests the action applies to, when not every one does; the others need no check. */
  actionWhen?: string;
  /**
   * The problem codes the handler itself can answer with, beyond those every route of its kind can
   * give (authentication, scope, the policy action's 403s, validation, outages). A project the
   * caller cannot see is PROJECT_NOT_FOUND where the route names the project, else the job's or
   * website's own 404.
   */
  problems: readonly ProblemCode[];
  /**
   * Whether the route takes an `Idempotency-Key` header (every creating POST): a repeat of a request
   * with its key replays the first answer instead of running again (`functions/http/idempotency.ts`).
   */
  idempotent: boolean;
  /**
   * Whether the route is a list paged by cursor: it takes a `cursor` query field and links its next
   * page in a `Link: <…>; rel="next"` header (functions/http/list-page.ts); a bad cursor is INVALID_CURSOR.
   */
  paged?: true;
  /**
   * Why this function's minified bundle may weigh more than 300 KB (lib/bundling.ts); absent, a test
   * holds it to the limit.
   */
  bundleOverLimit?: string;
}

/** What a function may do with a resource: read it, or read and change it. */
export type Access = 'RO' | 'RW';

/** The API's version segment, the first of every path (`/v1/...`): the API Gateway stage, and the local server's prefix. */
export const API_VERSION = 'v1';

export interface RouteAccess {
  /** The service table: RO, or RW for routes that write (a GET that writes says why below). */
  table: Access;
  /** The data bucket: catalogs, URL lists, training samples, invoice PDFs. */
  data?: Access;
  /** The exports bucket: CSV files served by presigned URL. */
  exports?: Access;
  /** The lanes whose executions the route starts and stops (RW) or reads (RO); ALL: every lane. */
  lanes?: { names: readonly Lane[] | 'ALL'; access: Access };
  /** Must know who takes payments (the Stripe secret where Stripe does). */
  payments?: true;
  /** Sends mail to the sales or support team. */
  mail?: true;
  /** Renders invoice PDFs, so its bundle needs the fonts they embed. */
  invoiceFonts?: true;
  /** Serves the docs page, so its bundle needs the Swagger UI files the page embeds. */
  docsAssets?: true;
  /** Seals a project's crawl proxy, so it reads the stage's crawl-proxy key (CRAWL_PROXY_SECRET_ID). */
  crawlProxyKey?: true;
}

type Facts = Pick<Route, 'summary' | 'access'> &
  Partial<
    Pick<
      Route,
      'action' | 'actionWhen' | 'problems' | 'description' | 'idempotent' | 'paged' | 'bundleOverLimit'
    >
  >;

const row =
  (auth: Route['auth'], scope: Route['scope']) =>
  (method: Route['method'], path: string, handler: string, facts: Facts): Route => ({
    method,
    path,
    handler,
    auth,
    scope,
    problems: [],
    idempotent: false,
    ...facts,
  });
const userRoute = row('API_KEY', 'USER');
const projectRoute = row('API_KEY', 'ANY');
const publicRoute = row('NONE', 'ANY');

const READ = { table: 'RO' } as const;
const WRITE = { table: 'RW' } as const;
// Billing handlers read the ledger and invoices and choose their payment provider at cold start; one
// without the Stripe settings would offer the local checkout, where anyone can "pay".
const BILLING_READ = { table: 'RO', data: 'RO', payments: true } as const;
// Crediting a paid top-up issues its invoice: the PDF is rendered and stored in the data bucket.
const CREDITS_TOPUP = { table: 'RW', data: 'RW', payments: true, invoiceFonts: true } as const;
// Matching reads only catalog pointers (table items); the catalog module names the bucket.
const MATCHING_READ = { table: 'RO', data: 'RO', lanes: { names: ['matching'], access: 'RO' } } as const;
// Routes that create, approve or end jobs publish their webhook events, which starts deliveries.
const MATCHING_WRITE = {
  table: 'RW',
  data: 'RO',
  lanes: { names: ['matching', 'webhook-delivery'], access: 'RW' },
} as const;
// URL lists of scrape jobs are written on create; CATALOG_URLS reads the last FULL catalog.
const SCRAPE_READ = { table: 'RO', data: 'RO', lanes: { names: ['scrape'], access: 'RO' } } as const;
const SCRAPE_WRITE = {
  table: 'RW',
  data: 'RW',
  lanes: { names: ['scrape', 'webhook-delivery'], access: 'RW' },
} as const;
const SETUP_READ = { table: 'RO', lanes: { names: ['website-setup'], access: 'RO' } } as const;
const SETUP_WRITE = {
  table: 'RW',
  lanes: { names: ['website-setup', 'webhook-delivery'], access: 'RW' },
} as const;
// Sending a test event or redelivering starts a delivery round.
const DELIVERS = { table: 'RW', lanes: { names: ['webhook-delivery'], access: 'RW' } } as const;
const WEBHOOK_EVENTS_DESCRIPTION = [
  `Events: ${WEBHOOK_EVENT_TYPES.map((type) => `\`${type}\``).join(', ')}. Each delivery is a POST of the event as JSON`,
  '(`{id, type, created_at, project_id, data}`; `data.job` is the job as its GET shows it, `export.ready` has `job_id`, `website_id`, `datasets`)',
  'with the headers `PDS-Event-Id` (the same for every retry and redelivery: de-duplicate on it), `PDS-Event-Type`, `PDS-Delivery-Id` and',
  '`PDS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>`; refuse a `t` more than 5 minutes from your clock.',
  'A 2xx answer within 10 seconds and 64 KB accepts it; anything else (another status, a redirect, which is never followed, a timeout, a longer answer)',
  'is tried again after 30 s, 1, 2, 4 … minutes, doubling up to about 4 hours, for 25 hours.',
].join(' ');
// An export link rebuilds a file that no longer matches its inputs (a new currency, a newer catalog),
// so these GETs write the table and the exports bucket.
const EXPORT_BUILD = { table: 'RW', data: 'RO', exports: 'RW' } as const;
const EXPORT_FILE_PROBLEMS = [
  'EXPORTS_NOT_ENABLED',
  'DATASET_NOT_FOUND',
  'WEBSITE_NOT_FOUND',
  'JOB_NOT_FOUND',
  'EXPORT_FILE_NOT_FOUND',
  'EXPORTS_MAINTENANCE',
] as const;
const EXPORT_FILES_DESCRIPTION = [
  "Datasets: `products` (one row per product of the newest whole catalog of each website; `url` is the URL fetched, `canonical_url` the page's canonical link;",
  'where a page offers a range or a "from" price, `price` is its lowest, `price_from` is true and `price_max` the highest it names;',
  'a page offering variants gives a row per variant, all with the same `variant_group` (empty without variants) and each with its `variant_attributes`, JSON such as {"size":"M"};',
  '`unit_price` is the price per `unit` (kg, l, m, m2, piece), in the currency of `price`, where the name or a variant states a quantity;',
  '`field_sources` names for each field where its value came from (json_ld, microdata, rdfa, open_graph, embedded_json, page_text, learned_selector, url; null: no value): JSON text in the CSV, an object in JSON Lines),',
  "`matches` and `price_comparison` (of one reference website; at the end of `price_comparison`, each product's `unit_price` and `unit` and, per competitor, `pack_differs`: true where the match is sold in another pack, such as 2 × 500 g against 1 kg or a 4-pack against one, so compare its unit price; last, per competitor in `price_comparison` and once in `matches`, `variant_differs`: true where both products are variants and the match is a sibling variant, another size or colour of the model, false where the variants agree, empty where either is no variant), `price_history` (every price and stock observation the history keeps, in the shop's currency) and",
  "`price_changes` (the changes between scrapes, held to the project's threshold). With `job_id`, `products` is the file of one URL scrape job:",
  'one row per URL sent (a row per variant where its page offers variants), in the order sent, with `url_result` (OK, NOT_FOUND, NOT_A_PRODUCT, BLOCKED_BY_ROBOTS, ADDRESS_NOT_ALLOWED, BLOCKED, FAILED); only OK rows hold a product.',
  'CSV (`format=csv`, the default) is safe to open in a spreadsheet: in every dataset, every text cell that begins with =, +, -, @, a tab or a carriage return',
  "gets a leading ' (OWASP CSV injection); signed numbers stay as they are. JSON Lines (`format=jsonl`) holds the same rows, one JSON object",
  'a line keyed by the CSV column names, with the raw values (empty cells are null).',
  'An Excel workbook (`format=xlsx`) holds them in a worksheet named after the dataset, header first, with typed cells: a text is a text cell,',
  'never a formula (so it keeps its raw value); scores are numbers, flags booleans; money stays exact text. Past 1,048,575 rows it goes on in',
  'a next worksheet (`products (2)`). Parquet (`format=parquet`) has one nullable column per CSV column: text as UTF-8 strings (money as',
  'exact decimal strings, ids as strings), scores and percentages as doubles, flags as booleans, objects (`field_sources`, `variant_attributes`) as JSON text.',
].join(' ');
/** Why a function that writes (or rebuilds) export files is heavier than the limit. */
export const WRITES_EXPORT_FILES =
  'Writes export files in every format: ExcelJS’s streaming workbook writer with its zip library (about 450 KB) for xlsx, hyparquet-writer (50 KB) for Parquet.';
const PROVIDER_PROBLEMS = ['PAYMENT_PROVIDER_ERROR', 'BILLING_UNAVAILABLE'] as const;
const INVOICE_PROBLEMS = ['ACCOUNTING_ERROR', 'INVOICING_UNAVAILABLE'] as const;
// pdf-lib with fontkit, which embeds the DejaVu font so invoices print every name, is about 1.2 MB.
const RENDERS_INVOICES = 'Renders invoice PDFs: pdf-lib with fontkit (about 1.2 MB) embeds the invoice font.';
const CREDITS_TOPUPS =
  'Credits paid top-ups, which issues their invoices (pdf-lib with fontkit, about 1.2 MB), and talks to Stripe (its library, 240 KB).';

export const routes: readonly Route[] = [
  publicRoute('GET', '/openapi.json', 'openapi/get-openapi', {
    summary: 'The OpenAPI document of this API',
    access: READ,
    bundleOverLimit:
      'builds the document from every route and response schema of the API, so it grows with the API; it is fetched by tools, never on a user path',
  }),
  publicRoute('GET', '/docs', 'docs/get-docs', {
    summary: 'The browsable API reference (Swagger UI, served by the API itself)',
    access: { ...READ, docsAssets: true },
  }),
  userRoute('GET', '/account', 'account/get-account', {
    summary: 'Your account: name, email and memberships',
    access: READ,
    problems: ['USER_NOT_FOUND'],
  }),
  userRoute('PUT', '/account', 'account/update-account', {
    summary: 'Rename your account',
    access: WRITE,
    problems: ['USER_NOT_FOUND'],
  }),
  userRoute('GET', '/account/api-keys', 'account/list-api-keys', {
    paged: true,
    summary: 'Your API keys (without their secrets)',
    access: READ,
  }),
  userRoute('POST', '/account/api-keys', 'account/create-api-key', {
    idempotent: true,
    summary: 'Create an API key, for all your projects or for one',
    access: WRITE,
    action: 'CREATE_PROJECT_KEY',
    actionWhen: 'a key for one project (project_id)',
    problems: ['API_KEY_LIMIT_REACHED'],
  }),
  userRoute('DELETE', '/account/api-keys/{key_id}', 'account/revoke-api-key', {
    summary: 'Revoke one of your API keys',
    access: WRITE,
    problems: ['API_KEY_NOT_FOUND'],
  }),
  userRoute('GET', '/customers', 'customers/list-customers', {
    summary: 'The customers you are a member of',
    access: READ,
  }),
  userRoute('GET', '/customers/{customer_id}', 'customers/get-customer', {
    summary: 'One customer',
    access: READ,
    action: 'READ_CUSTOMER',
  }),
  userRoute('POST', '/customers/{customer_id}/projects', 'customers/create-project', {
    idempotent: true,
    summary: 'Create a project of a customer',
    access: WRITE,
    action: 'CREATE_PROJECT',
    problems: ['INVALID_COUNTRY', 'INVALID_CURRENCY', 'PROJECT_LIMIT_REACHED'],
  }),
  userRoute('GET', '/customers/{customer_id}/billing/balance', 'billing/get-balance', {
    summary: "The customer's credit: balance, held and available",
    access: BILLING_READ,
    action: 'READ_BILLING',
    problems: ['BILLING_UNAVAILABLE'],
  }),
  userRoute('GET', '/customers/{customer_id}/billing/usage', 'billing/get-usage', {
    paged: true,
    summary: "The customer's charges, per month",
    description:
      "`total` is the whole month's; `items` are one page of its charges, newest first (`limit`, `cursor` and the `Link` header as in every list).",
    access: BILLING_READ,
    action: 'READ_BILLING',
    problems: ['BILLING_UNAVAILABLE'],
  }),
  userRoute('GET', '/customers/{customer_id}/billing/invoices', 'billing/list-invoices', {
    paged: true,
    summary: "The customer's invoices",
    access: BILLING_READ,
    bundleOverLimit:
      'Reads invoices through the in-house accounting adapter, whose module also renders them (pdf-lib with fontkit, about 1.2 MB); a reading side of the port without the renderer would bring it under.',
    action: 'READ_BILLING',
    problems: ['INVOICING_UNAVAILABLE'],
  }),
  userRoute('GET', '/customers/{customer_id}/billing/invoices/{invoice_id}/pdf', 'billing/get-invoice-pdf', {
    summary: 'One invoice as a PDF',
    access: { ...BILLING_READ, invoiceFonts: true },
    bundleOverLimit: RENDERS_INVOICES,
    action: 'READ_BILLING',
    problems: ['INVOICE_NOT_FOUND', ...INVOICE_PROBLEMS],
  }),
  userRoute('POST', '/customers/{customer_id}/billing/topup', 'billing/create-topup', {
    idempotent: true,
    summary: 'Start a top-up of the credit: answers the checkout page to pay on',
    access: { table: 'RW', data: 'RW', payments: true },
    bundleOverLimit:
      'Opens Stripe checkouts (its library, 240 KB) through the top-up flow, whose module also credits and invoices paid top-ups (pdf-lib with fontkit, about 1.2 MB).',
    action: 'TOP_UP',
    problems: ['JOB_NOT_FOUND', 'TOPUP_AMOUNT_OUT_OF_RANGE', 'CURRENCY_NOT_SUPPORTED', ...PROVIDER_PROBLEMS],
  }),
  // The top-up status poll credits a paid session that the webhook has not credited yet.
  userRoute('GET', '/customers/{customer_id}/billing/topups/{session_id}', 'billing/get-topup', {
    summary: 'The state of one top-up (credits it once it is paid)',
    access: CREDITS_TOPUP,
    bundleOverLimit: CREDITS_TOPUPS,
    action: 'TOP_UP',
    problems: ['SESSION_NOT_FOUND', ...PROVIDER_PROBLEMS, ...INVOICE_PROBLEMS],
  }),
  publicRoute('POST', '/billing/webhooks/stripe', 'billing/stripe-webhook', {
    summary: "Stripe's webhook: credits paid top-ups (signed by Stripe)",
    access: CREDITS_TOPUP,
    bundleOverLimit: CREDITS_TOPUPS,
    problems: ['INVALID_WEBHOOK_SIGNATURE', ...PROVIDER_PROBLEMS, ...INVOICE_PROBLEMS],
  }),
  publicRoute('GET', '/checkout/{session_id}', 'billing/local-checkout', {
    summary: 'The local checkout page of a top-up (where Stripe does not take payments)',
    access: BILLING_READ,
    bundleOverLimit: CREDITS_TOPUPS,
    problems: ['CHECKOUT_NOT_FOUND', 'BILLING_UNAVAILABLE'],
  }),
  publicRoute('POST', '/checkout/{session_id}', 'billing/local-checkout', {
    summary: 'Pay or cancel on the local checkout page',
    access: CREDITS_TOPUP,
    bundleOverLimit: CREDITS_TOPUPS,
    problems: ['CHECKOUT_NOT_FOUND', 'BILLING_UNAVAILABLE', ...INVOICE_PROBLEMS],
  }),
  projectRoute('GET', '/projects', 'projects/list-projects', {
    paged: true,
    summary: 'The projects you can see',
    access: READ,
  }),
  projectRoute('GET', '/projects/{project_id}', 'projects/get-project', {
    summary: 'One project',
    access: READ,
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND'],
  }),
  projectRoute('PATCH', '/projects/{project_id}', 'projects/update-project', {
    summary:
      "Change a project's name, country, currency, change threshold, auto-accept confidence or crawl proxy",
    description:
      '`crawl_proxy` names an HTTP(S) proxy every crawl of the project goes through (`http://user:password@host:port`; null removes it). The URL is kept encrypted; the project shows only `crawl_proxy_host`. The proxy must be reachable from the internet, and websites at private addresses stay refused through it. A proxy that refuses the connection or the credentials fails each URL (`PROXY_FAILED`) and a setup job with error_code `PROXY_FAILED`.',
    access: { ...WRITE, crawlProxyKey: true },
    action: 'UPDATE_PROJECT',
    problems: ['INVALID_COUNTRY', 'INVALID_CURRENCY'],
  }),
  projectRoute('GET', '/projects/{project_id}/changes', 'projects/list-changes', {
    paged: true,
    summary: 'What moved between scrapes: price up or down, out of or back in stock, products new or gone',
    description:
      "Each whole scrape of a website (FULL, or a re-scrape of its catalog) is compared with the one before it. Oldest first from `since`; price moves below the project's `change_threshold_percent` are left out unless `min_change_percent` sets another threshold (0: every move). A change on a competitor's product carries the reference product matching linked it to (an `auto`, accepted or manual pair), with the reference's price and the competitor's gap to it before and after the change (`previous_gap_percent`, `gap_percent`: dearer + or cheaper -, in percent of the reference price).",
    access: READ,
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND', 'WEBSITE_NOT_FOUND'],
  }),
  projectRoute('GET', '/projects/{project_id}/match-decisions', 'projects/list-match-decisions', {
    paged: true,
    summary: "The project's match review: pairs accepted, rejected or added by hand",
    access: READ,
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND'],
  }),
  projectRoute('GET', '/projects/{project_id}/match-review', 'projects/list-match-review', {
    paged: true,
    summary: "A reference website's matches waiting for review, the most telling first",
    description:
      "Proposals of the website's newest matching whose calibrated `confidence` is below the project's `auto_accept_confidence` and that no decision covers yet, ordered by `impact`: the chance that deciding the item adds a right pair to the price comparison (the proposal or one of its up to three `alternatives` being right). Decide through POST match-decisions: ACCEPTED or REJECTED on the pair, MANUAL on an alternative; the next matching run honours it.",
    access: { table: 'RO', data: 'RO' },
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND', 'WEBSITE_NOT_FOUND'],
  }),
  projectRoute('GET', '/projects/{project_id}/price-comparison', 'projects/list-price-comparison', {
    paged: true,
    summary: "A reference website's price comparison, one item per reference product",
    description:
      "The rows of the website's `price_comparison` export file (JSON Lines), rebuilt first when stale as a download would be, paged by reference product URL: the reference product's price and, per competitor website of its newest matching, the matched product's URL and price, `competitor_status` (MATCHED, REVIEW or NO_MATCH), `gap` (competitor price less reference price, in `currency`) and `pack_differs`. Empty before the website's first matching.",
    access: EXPORT_BUILD,
    bundleOverLimit: WRITES_EXPORT_FILES,
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND', 'WEBSITE_NOT_FOUND', 'EXPORTS_NOT_ENABLED', 'EXPORTS_MAINTENANCE'],
  }),
  // Checks the products against the newest catalogs and an acceptance against the newest matching.
  projectRoute('POST', '/projects/{project_id}/match-decisions', 'projects/create-match-decision', {
    idempotent: true,
    summary: 'Accept or reject a proposed match, or add a match by hand',
    access: { table: 'RW', data: 'RO' },
    action: 'REVIEW_MATCHES',
    problems: [
      'PROJECT_NOT_FOUND',
      'WEBSITE_NOT_FOUND',
      'PRODUCT_NOT_FOUND',
      'NO_CATALOG',
      'MATCH_NOT_PROPOSED',
      'MATCH_DECISION_CONFLICT',
    ],
  }),
  projectRoute(
    'DELETE',
    '/projects/{project_id}/match-decisions/{decision_id}',
    'projects/delete-match-decision',
    {
      summary: 'Withdraw a match decision: the pair is again as the matching proposes it',
      access: WRITE,
      action: 'REVIEW_MATCHES',
      problems: ['PROJECT_NOT_FOUND', 'MATCH_DECISION_NOT_FOUND'],
    },
  ),
  projectRoute('POST', '/jobs/setup', 'jobs/create-setup-job', {
    idempotent: true,
    summary: 'Analyse a shop: start a website setup job',
    access: SETUP_WRITE,
    action: 'OPERATE_JOBS',
    problems: [
      'PROJECT_NOT_FOUND',
      'INVALID_URL',
      'INVALID_COUNTRY',
      'INVALID_CURRENCY',
      'MONTHLY_SPEND_LIMIT',
      'INSUFFICIENT_FUNDS',
      'BILLING_UNAVAILABLE',
      'SETUP_LIMIT_REACHED',
    ],
  }),
  projectRoute('GET', '/jobs/setup', 'jobs/list-setup-jobs', {
    paged: true,
    summary: "A project's website setup jobs",
    access: SETUP_READ,
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND'],
  }),
  projectRoute('GET', '/jobs/setup/{job_id}', 'jobs/get-setup-job', {
    summary: 'One website setup job',
    access: SETUP_READ,
    action: 'READ',
    problems: ['JOB_NOT_FOUND'],
  }),
  projectRoute('DELETE', '/jobs/setup/{job_id}', 'jobs/delete-setup-job', {
    summary: 'Remove a finished website setup job that made no website',
    access: SETUP_WRITE,
    action: 'REMOVE_SETUP_JOB',
    problems: ['JOB_NOT_FOUND', 'JOB_RUNNING', 'JOB_HAS_WEBSITE'],
  }),
  projectRoute('POST', '/jobs/scraping', 'jobs/create-scrape-job', {
    idempotent: true,
    summary: "Scrape a website's products: start a scraping job (quoted, then approved)",
    access: SCRAPE_WRITE,
    action: 'OPERATE_JOBS',
    problems: [
      'PROJECT_NOT_FOUND',
      'WEBSITE_NOT_FOUND',
      'NO_URL_ACCEPTED',
      'NO_FULL_CATALOG',
      'CATALOG_EXPIRED',
      'CATALOG_UP_TO_DATE',
    ],
  }),
  projectRoute('GET', '/jobs/scraping', 'jobs/list-scrape-jobs', {
    paged: true,
    summary: "A project's scraping jobs",
    access: SCRAPE_READ,
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND'],
  }),
  projectRoute('GET', '/jobs/scraping/{job_id}', 'jobs/get-scrape-job', {
    summary: 'One scraping job',
    access: SCRAPE_READ,
    action: 'READ',
    problems: ['JOB_NOT_FOUND'],
  }),
  projectRoute('POST', '/jobs/scraping/{job_id}/approve', 'jobs/approve-scrape-job', {
    idempotent: true,
    summary: "Approve a scraping job's quote: holds the credit and starts the scrape",
    access: SCRAPE_WRITE,
    action: 'OPERATE_JOBS',
    problems: [
      'JOB_NOT_FOUND',
      'JOB_NOT_AWAITING_APPROVAL',
      'INSUFFICIENT_FUNDS',
      'MONTHLY_SPEND_LIMIT',
      'BILLING_UNAVAILABLE',
    ],
  }),
  projectRoute('POST', '/jobs/matching', 'jobs/create-matching-job', {
    idempotent: true,
    summary: "Match a reference website's products against competitors: start a matching job",
    access: MATCHING_WRITE,
    action: 'OPERATE_JOBS',
    problems: [
      'PROJECT_NOT_FOUND',
      'WEBSITE_NOT_FOUND',
      'NO_CATALOG',
      'SAMPLE_ALREADY_USED',
      'INSUFFICIENT_FUNDS',
    ],
  }),
  projectRoute('GET', '/jobs/matching', 'jobs/list-matching-jobs', {
    paged: true,
    summary: "A project's matching jobs",
    access: MATCHING_READ,
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND'],
  }),
  projectRoute('GET', '/jobs/matching/{job_id}', 'jobs/get-matching-job', {
    summary: 'One matching job',
    access: MATCHING_READ,
    action: 'READ',
    problems: ['JOB_NOT_FOUND'],
  }),
  projectRoute('POST', '/jobs/matching/{job_id}/approve', 'jobs/approve-matching-job', {
    idempotent: true,
    summary: "Approve a matching job's quote: holds the credit and starts the matching",
    access: MATCHING_WRITE,
    action: 'OPERATE_JOBS',
    problems: [
      'JOB_NOT_FOUND',
      'JOB_NOT_AWAITING_APPROVAL',
      'QUOTE_CHANGED',
      'INSUFFICIENT_FUNDS',
      'MONTHLY_SPEND_LIMIT',
      'BILLING_UNAVAILABLE',
    ],
  }),
  // Cancel stops the running execution of whichever lane the job is in.
  projectRoute('POST', '/jobs/{job_id}/cancel', 'jobs/cancel-job', {
    summary: 'Cancel a job of any kind',
    access: { table: 'RW', lanes: { names: 'ALL', access: 'RW' } },
    action: 'OPERATE_JOBS',
    problems: ['JOB_NOT_FOUND', 'JOB_NOT_CANCELLABLE'],
  }),
  projectRoute('POST', '/contact-requests', 'contact/create-contact-request', {
    idempotent: true,
    summary: 'Ask the sales or support team (e.g. about a website too large to set up)',
    access: { table: 'RW', mail: true },
    description:
      'Each request is mailed to the team: a user may send 5 in any 60 minutes (429 CONTACT_LIMIT_REACHED with Retry-After beyond), and a job has one (asking again about it answers 200 with the first).',
    action: 'CONTACT_SUPPORT',
    actionWhen: 'a request about a job (job_id)',
    problems: [
      'PROJECT_NOT_FOUND',
      'USER_NOT_FOUND',
      'JOB_NOT_FOUND',
      'CONTACT_REASON_MISMATCH',
      'CONTACT_LIMIT_REACHED',
    ],
  }),
  projectRoute('GET', '/websites', 'websites/list-websites', {
    paged: true,
    summary: "A project's websites",
    access: { table: 'RO', data: 'RO' },
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND'],
  }),
  projectRoute('GET', '/websites/{website_id}', 'websites/get-website', {
    summary: 'One website',
    access: { table: 'RO', data: 'RO' },
    action: 'READ',
    problems: ['WEBSITE_NOT_FOUND'],
  }),
  // A removed website's catalogs go from the data bucket.
  projectRoute('DELETE', '/websites/{website_id}', 'websites/delete-website', {
    summary: 'Remove a website with its catalogs; its schedules stop',
    access: { table: 'RW', data: 'RW' },
    action: 'REMOVE_WEBSITE',
    problems: ['WEBSITE_NOT_FOUND'],
  }),
  projectRoute('GET', '/websites/{website_id}/sample', 'websites/get-website-sample', {
    summary: 'The sample products read while training on a website',
    access: { table: 'RO', data: 'RO' },
    action: 'READ',
    problems: ['WEBSITE_NOT_FOUND'],
  }),
  projectRoute('GET', '/websites/{website_id}/products/history', 'websites/get-product-history', {
    summary: "A product's price and stock as each scrape of the website saw it",
    description:
      'Name the product by `product_id` (as changes and history show it) or `product_url`; `from` and `to` (ISO 8601, both included) bound the time range.',
    access: { table: 'RO', data: 'RO' },
    action: 'READ',
    problems: ['WEBSITE_NOT_FOUND', 'PRODUCT_NOT_FOUND', 'INVALID_TIME_RANGE'],
  }),
  projectRoute('POST', '/schedules', 'schedules/create-schedule', {
    idempotent: true,
    summary: 'Scrape a website on a schedule, within a monthly budget',
    description: [
      'Each run is a scrape job of the website (FULL, CATALOG_URLS, or a list of `urls`), created and approved by the schedule, so it holds',
      "and charges the customer's credit like any scrape, and its hold is refused past the customer's monthly spend limit.",
      "A run starts only while the month's runs of the schedule (settled: their charge; running: their cap) plus the new job's cap stay within",
      '`monthly_budget` (EUR, months as in billing usage); otherwise it is skipped, costs nothing, and its run says why.',
      '`cadence` is DAILY at a `time`, WEEKLY on a `day` at a `time`, or CRON with a 5-field `expression`, read in `time_zone` (an IANA name);',
      'runs at most once an hour. A FULL run is not refused for a catalog less than a day old.',
    ].join(' '),
    access: WRITE,
    action: 'MANAGE_SCHEDULES',
    problems: ['PROJECT_NOT_FOUND', 'WEBSITE_NOT_FOUND', 'NO_URL_ACCEPTED'],
  }),
  projectRoute('GET', '/schedules', 'schedules/list-schedules', {
    paged: true,
    summary: "A project's schedules",
    access: READ,
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND'],
  }),
  projectRoute('GET', '/schedules/{schedule_id}', 'schedules/get-schedule', {
    summary: 'One schedule, with its next run',
    access: READ,
    action: 'READ',
    problems: ['SCHEDULE_NOT_FOUND'],
  }),
  projectRoute('PATCH', '/schedules/{schedule_id}', 'schedules/update-schedule', {
    summary: 'Change, pause (`status: PAUSED`) or resume (`status: ACTIVE`) a schedule',
    description:
      'A new cadence or time zone, and a resume, plan the next run from now; runs missed while paused are not made up. A schedule stopped because its website was removed can only be removed (409 SCHEDULE_STOPPED).',
    access: WRITE,
    action: 'MANAGE_SCHEDULES',
    problems: ['SCHEDULE_NOT_FOUND', 'SCHEDULE_STOPPED', 'NO_URL_ACCEPTED'],
  }),
  projectRoute('DELETE', '/schedules/{schedule_id}', 'schedules/delete-schedule', {
    summary: 'Remove a schedule and its runs (the jobs it made stay)',
    access: WRITE,
    action: 'MANAGE_SCHEDULES',
    problems: ['SCHEDULE_NOT_FOUND'],
  }),
  projectRoute('GET', '/schedules/{schedule_id}/runs', 'schedules/list-schedule-runs', {
    paged: true,
    summary: "A schedule's runs, newest first: the job each made, or why it was skipped",
    access: READ,
    action: 'READ',
    problems: ['SCHEDULE_NOT_FOUND'],
  }),
  projectRoute('GET', '/exports', 'exports/list-exports', {
    summary: "A project's export files",
    description: `Each file is listed once per format (csv, jsonl, xlsx, parquet). ${EXPORT_FILES_DESCRIPTION}`,
    access: { table: 'RO', data: 'RO', exports: 'RO' },
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND', 'EXPORTS_NOT_ENABLED', 'EXPORTS_MAINTENANCE'],
  }),
  projectRoute('GET', '/exports/{dataset}/url', 'exports/get-export-url', {
    summary: 'A short-lived download link of one export file',
    description: EXPORT_FILES_DESCRIPTION,
    access: EXPORT_BUILD,
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND', ...EXPORT_FILE_PROBLEMS],
    bundleOverLimit: WRITES_EXPORT_FILES,
  }),
  projectRoute('GET', '/exports/{dataset}', 'exports/download-export', {
    summary: 'One export file as CSV, JSON Lines, Excel workbook or Parquet',
    description: EXPORT_FILES_DESCRIPTION,
    access: EXPORT_BUILD,
    bundleOverLimit: WRITES_EXPORT_FILES,
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND', 'PROJECT_ID_REQUIRED', ...EXPORT_FILE_PROBLEMS],
  }),
  projectRoute('POST', '/webhooks', 'webhooks/create-webhook', {
    idempotent: true,
    summary: 'Register a webhook: an HTTPS endpoint told of the events it names (the secret is shown once)',
    bundleOverLimit:
      'Checks the URL against the allow-list of the SSRF guard (functions/crawl/net/ssrf-guard.ts), whose module also builds the guarded undici connector (undici, about 520 KB).',
    description: WEBHOOK_EVENTS_DESCRIPTION,
    access: WRITE,
    action: 'MANAGE_WEBHOOKS',
    problems: ['PROJECT_NOT_FOUND', 'WEBHOOK_URL_NOT_ALLOWED', 'WEBHOOK_LIMIT_REACHED'],
  }),
  projectRoute('GET', '/webhooks', 'webhooks/list-webhooks', {
    paged: true,
    summary: "A project's webhooks (without their secrets)",
    access: READ,
    action: 'READ',
    problems: ['PROJECT_NOT_FOUND'],
  }),
  // The webhook's deliveries go with it; their rounds find it gone and end.
  projectRoute('DELETE', '/webhooks/{webhook_id}', 'webhooks/delete-webhook', {
    summary: 'Remove a webhook with its deliveries',
    access: WRITE,
    action: 'MANAGE_WEBHOOKS',
    problems: ['WEBHOOK_NOT_FOUND'],
  }),
  projectRoute('GET', '/webhooks/{webhook_id}/deliveries', 'webhooks/list-deliveries', {
    paged: true,
    summary: "A webhook's deliveries, newest first, each with its attempts",
    description: WEBHOOK_EVENTS_DESCRIPTION,
    access: READ,
    action: 'READ',
    problems: ['WEBHOOK_NOT_FOUND'],
  }),
  projectRoute('POST', '/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', 'webhooks/redeliver', {
    idempotent: true,
    summary: 'Deliver an event again (same event id), with retries of its own',
    access: DELIVERS,
    action: 'MANAGE_WEBHOOKS',
    problems: ['WEBHOOK_NOT_FOUND', 'DELIVERY_NOT_FOUND', 'DELIVERY_PENDING'],
  }),
  projectRoute('POST', '/webhooks/{webhook_id}/test', 'webhooks/send-test-event', {
    idempotent: true,
    summary: 'Send the webhook a `webhook.test` event, delivered and retried like any other',
    access: DELIVERS,
    action: 'MANAGE_WEBHOOKS',
    problems: ['WEBHOOK_NOT_FOUND'],
  }),
];

export const routeKey = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;

export function findRoute(key: string): Route | undefined {
  return routes.find((route) => routeKey(route) === key);
}
