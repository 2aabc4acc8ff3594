import { SOURCED_FIELDS } from '#core/product-record';

/**
 * What the fields of the shared objects mean, for a reader of the API reference: its meaning, its
 * unit, and when it is null. Keyed by component, then field; a field of an inline object (or of the
 * objects of an inline array) by its dotted path, e.g. `quotas.max_projects`. A field described in its
 * valibot schema keeps that description.
 */
const JOB_FIELDS: Record<string, string> = {
  job_id: 'The job (`job_…`).',
  job_type:
    'The lane: WEBSITE_SETUP, FULL_SCRAPE, URL_SCRAPE (a list of URLs or the last catalog) or MATCHING.',
  status:
    'Where the job is. COMPLETED, FAILED and CANCELLED are final; AWAITING_APPROVAL waits for POST …/approve.',
  project_id: 'The project (`prj_…`) the job belongs to.',
  website_id:
    'The website (`web_…`) the job works on: a setup job’s once it landed (null before), a matching job’s reference website.',
  estimate: 'The quote, once the job has one (null before): what it costs and the most it can charge.',
  approval: 'Who approved the quote and when; null until approved (and for jobs that need no approval).',
  settlement: 'What was charged once the job settled; null before, and for jobs that end without a charge.',
  error: 'Why the job failed, in words; null unless FAILED.',
  error_code: 'Why the job failed, as a stable code; null unless FAILED.',
  contact_reason:
    'Set when the job failed in a way the support team can help with; send it with a contact request.',
  contact_request_id: 'The contact request (`ctr_…`) made about this job; null when none.',
  created_at: 'When the job was created (ISO 8601, UTC).',
  updated_at: 'When the job last changed (ISO 8601, UTC).',
  finished_at: 'When the job reached a final status; null while it runs or waits.',
};

const STEP_STATE =
  'PENDING, RUNNING, DONE, NOT_FOUND (the shop has none, e.g. no sitemap) or FAILED (the step gave up).';

/** `train_progress` and `scrape_progress` share one shape. */
const pageProgress = (prefix: string, pages: string): Record<string, string> => ({
  [`${prefix}.pages`]: pages,
  [`${prefix}.pages_limit`]: 'The most pages this step reads.',
  [`${prefix}.pages_estimate`]: 'Pages the step expects to read in all, revised as it finds more.',
  [`${prefix}.phase`]: 'The step running now; DONE once it has finished.',
  [`${prefix}.percent`]: 'How far the step is, 0 to 100.',
});

const URL_RESULTS: Record<string, string> = {
  'url_results.OK': 'URLs that delivered a product (only these are charged).',
  'url_results.NOT_FOUND': 'URLs the shop answered 404 or 410.',
  'url_results.NOT_A_PRODUCT': 'URLs whose page holds no product.',
  'url_results.BLOCKED_BY_ROBOTS': 'URLs the shop’s robots.txt forbids.',
  'url_results.ADDRESS_NOT_ALLOWED': 'URLs at an address the crawler may not reach (private or loopback).',
  'url_results.BLOCKED': 'URLs the shop refused with a bot wall.',
  'url_results.FAILED': 'URLs that failed otherwise (errors, time-outs) after their retries.',
};

const SCRAPE_JOB_FIELDS: Record<string, string> = {
  ...JOB_FIELDS,
  variant:
    'FULL (the whole shop), CATALOG_URLS (the URLs of the last FULL catalog) or URLS_ONLY (the `urls` sent).',
  url_count: 'How many URLs the job scrapes; null for FULL.',
  urls: 'The URLs sent, after removing invalid, duplicate and other-website ones; null unless URLS_ONLY.',
  url_results:
    'Per outcome, how many URLs had it; only OK ones delivered a product and are charged. Null until the scrape settles.',
  ...URL_RESULTS,
  scrape_progress: 'Pages collected and scraped so far; null before the run starts.',
  ...pageProgress('scrape_progress', 'Pages scraped so far.'),
};

const SCHEDULE_FIELDS: Record<string, string> = {
  schedule_id: 'The schedule (`sch_…`).',
  project_id: 'The project (`prj_…`).',
  website_id: 'The website (`web_…`) it scrapes.',
  variant: 'What each run scrapes: FULL, CATALOG_URLS (the last FULL catalog’s URLs) or URLS_ONLY (`urls`).',
  urls: 'The URLs each run scrapes; null unless URLS_ONLY.',
  cadence:
    'When it runs: DAILY at `time`, WEEKLY on `day` at `time` (HH:MM), or a 5-field CRON `expression`.',
  'cadence.kind': 'DAILY, WEEKLY or CRON.',
  'cadence.time': 'The time of day it runs (HH:MM, 24-hour) in `time_zone`.',
  'cadence.day': 'The day of the week it runs (WEEKLY).',
  'cadence.expression':
    'A 5-field cron expression (minute hour day month weekday) in `time_zone`, at most hourly.',
  time_zone: 'The IANA time zone of the cadence, e.g. Europe/Prague.',
  monthly_budget:
    'EUR per billing month: a run starts only while the month’s runs plus the new job’s cap stay within it.',
  status: 'ACTIVE (runs when due), PAUSED (kept, not run) or STOPPED (for good, see stopped_reason).',
  stopped_reason: 'Why it stopped (e.g. WEBSITE_REMOVED); null unless STOPPED.',
  created_by: 'The user (`usr_…`) who created it.',
  created_at: 'When it was created (ISO 8601, UTC).',
  updated_at: 'When it last changed (ISO 8601, UTC).',
};

const WEBHOOK_FIELDS: Record<string, string> = {
  webhook_id: 'The webhook (`whk_…`).',
  project_id: 'The project (`prj_…`) whose events it receives.',
  url: 'Where deliveries are POSTed.',
  events: 'The event types it receives.',
  created_at: 'When it was registered (ISO 8601, UTC).',
};

const API_KEY_FIELDS: Record<string, string> = {
  key_id: 'The key (`key_…`); DELETE /account/api-keys/{key_id} revokes it.',
  name: 'The name given when it was created; null when none.',
  scope: 'USER (acts as you in all your projects) or PROJECT (only `project_id`).',
  project_id: 'The one project (`prj_…`) a PROJECT key may use; null for a USER key.',
  key_suffix: 'The key’s last characters, to tell keys apart; the key itself is never shown again.',
  created_at: 'When it was created (ISO 8601, UTC).',
};

const PROJECT_FIELDS: Record<string, string> = {
  project_id: 'The project (`prj_…`).',
  name: 'Its name, 1 to 100 characters.',
  customer_id:
    'The customer (`cus_…`) who owns the project and pays for its jobs; null when the record names none.',
  is_default: 'true for the user’s default project (the one `pds` uses when none is named).',
  localization:
    'Market of the project: exports convert prices to its currency. Null until set or a setup job sets it.',
  change_threshold_percent:
    'Price moves smaller than this percentage are left out of changes; null: every move.',
  created_at: 'When it was created (ISO 8601, UTC).',
  auto_accept_confidence:
    'Proposals at or above this confidence (0 to 1) count as matches without review (`auto`); below it they wait for review.',
  crawl_proxy_host:
    'host:port of the project’s own proxy, which every crawl of the project (setup, scrapes, rendered pages) goes through; null: crawls connect directly. The proxy URL and its credentials are kept encrypted and never shown.',
  updated_at: 'When it last changed (ISO 8601, UTC).',
};

export const FIELD_DESCRIPTIONS: Record<string, Record<string, string>> = {
  ApiKey: { ...API_KEY_FIELDS, last_used_at: 'When it last authenticated a request; null when never.' },
  CreatedApiKey: {
    ...API_KEY_FIELDS,
    api_key: 'The key to send as `Authorization: Bearer …`; shown this once.',
  },
  ContactRequest: {
    contact_request_id: 'The contact request (`ctr_…`).',
    reason: 'SALES or SUPPORT, as sent.',
    team: 'The team that gets the request (the one its reason names).',
    channel: 'How the team gets back to you: PHONE when a phone number was given, else EMAIL.',
    email: 'The address the team writes to: the one sent, else your account’s.',
    phone: 'The number the team calls; null when none was given.',
    message: 'Your message; null when none was sent.',
    job_id: 'The job (`job_…`) it is about; null when none.',
    contact_reason: 'The failed job’s `contact_reason`; null when none was sent.',
    project_id: 'The project (`prj_…`) of the job; null without a job.',
    created_at: 'When it was made (ISO 8601, UTC).',
  },
  StartedTopup: {
    checkout_url: 'The payment page to open; the credit is added once it is paid.',
    session_id: 'The payment provider’s checkout session; GET …/billing/topups/{session_id} tells its state.',
  },
  WebsiteSample: {
    website_id: 'The website (`web_…`).',
    products: 'The products read from the shop while its setup trained.',
  },
  SetupJob: {
    ...JOB_FIELDS,
    url: 'The shop’s address as sent.',
    country: 'ISO 3166-1 alpha-2 country of the shop’s market, e.g. DE.',
    currency: 'ISO 4217 currency the shop sells in, e.g. EUR.',
    analysis_progress:
      'Progress of the analysis steps (robots and config, homepage, sitemaps, size); null before it starts.',
    'analysis_progress.config': 'Reading robots.txt and the shop’s configuration.',
    'analysis_progress.config.state': STEP_STATE,
    'analysis_progress.homepage': 'Reading the homepage (platform, language, whether it is a shop).',
    'analysis_progress.homepage.state': STEP_STATE,
    'analysis_progress.sitemap': 'Reading the sitemaps.',
    'analysis_progress.sitemap.state': STEP_STATE,
    'analysis_progress.size': 'Estimating how many products the shop has.',
    'analysis_progress.size.state': STEP_STATE,
    'analysis_progress.sitemap_size': 'Sitemap entries read so far (all of them, product pages or not).',
    'analysis_progress.is_ecommerce': 'Whether the site looks like a shop.',
    'analysis_progress.product_type': 'What the shop mostly sells, as the analysis read it.',
    'analysis_progress.language': 'The shop’s language (BCP 47, e.g. en).',
    'analysis_progress.rendering':
      'How the pages are read: fetched (HTTP) or rendered in a browser (BROWSER).',
    'analysis_progress.products_estimate':
      'Products the shop is estimated to have; the quote is based on it.',
    train_progress:
      'Progress of training (pages sampled and classified, profile learned); null before it starts.',
    ...pageProgress('train_progress', 'Pages sampled so far.'),
  },
  ScrapeJob: SCRAPE_JOB_FIELDS,
  CreatedScrapeJob: {
    ...SCRAPE_JOB_FIELDS,
    rejected: 'How many URLs sent were removed (invalid, duplicate or of another website); 0 for FULL.',
    rejected_urls: 'The first 100 URLs removed, as sent.',
  },
  MatchingJob: {
    ...JOB_FIELDS,
    reference_website_id: 'The website (`web_…`) whose products are looked for.',
    competitor_website_ids: 'The websites (`web_…`) searched for them.',
    sample: 'true for the project’s free sample: the first 100 reference products, no approval, no charge.',
    matching_progress: 'Products matched so far and the time left; null before the run starts.',
    'matching_progress.products_checked':
      '(Reference product, competitor) pairs matched anew against the whole competitor catalog.',
    'matching_progress.products_skipped_not_modified':
      'Pairs that kept their match: the reference product and its partner are unchanged since the last run.',
    'matching_progress.new_matches': 'Matches of this run the previous run did not have.',
    'matching_progress.products_processed': 'Checked plus skipped so far; the settlement charges these.',
    'matching_progress.products_total': 'Reference products times competitor websites.',
    'matching_progress.estimated_minutes_left':
      'Minutes the run is expected to take still; null until known.',
    'matching_progress.percent': 'products_processed of products_total, 0 to 100.',
    'matching_progress.phase': 'The step running now; DONE once it has finished.',
    overlap:
      'Once COMPLETED: for each ordered pair of websites, how many products of `website_id` were matched on `match_website_id`; null before.',
    websites:
      'Once COMPLETED: each website’s products and how many changed since the pair’s last run; null before.',
    'overlap.website_id': 'The website (`web_…`) whose products were matched.',
    'overlap.match_website_id': 'The website (`web_…`) they were matched on.',
    'overlap.products': 'Products of `website_id` with a match on `match_website_id`.',
    'websites.website_id': 'The website (`web_…`).',
    'websites.products': 'Products in its catalog the run read.',
    'websites.modified': 'Of them, products changed since the pair’s last run (all of them at a first run).',
  },
  Estimate: {
    currency: 'Always EUR: the credit’s currency.',
    unit_price_per_1000:
      'Price per 1000 units (products, or reference products × competitors) at this difficulty, EUR.',
    quantity: 'Units quoted: products found (scrape) or reference products × competitor websites (matching).',
    total: 'The quote, EUR: max(quantity × unit_price_per_1000 / 1000, min_charge).',
    cap: 'The most the job can charge, EUR: 125 % of total. Approval holds this much of the credit.',
    min_charge: 'The smallest charge of a job, EUR.',
    difficulty:
      'How products are read: EASY (JSON-LD), MEDIUM (microdata, Open Graph), HARD (learned selectors), BROWSER (pages rendered in a browser first).',
    input_products: 'Products the quote was made for (the catalog or URL list as it stood).',
  },
  Settlement: {
    quantity:
      'Units delivered and charged: products scraped OK, or reference products × competitors matched.',
    currency: 'Always EUR.',
    amount: 'Charged, EUR: max(quantity × unit price / 1000, min_charge), never above the cap.',
    capped: 'true when the cap bit: more was delivered than the cap pays for.',
    settled_at: 'When the charge was made (ISO 8601, UTC).',
  },
  Approval: {
    approved_by: 'The user (`usr_…`) who approved the quote.',
    approved_at: 'When the quote was approved (ISO 8601, UTC).',
  },
  Balance: {
    customer_id: 'The customer (`cus_…`).',
    currency: 'Always EUR.',
    balance: 'Credit on the account, EUR: top-ups and credits less charges.',
    held: 'Held by approved jobs until they settle, EUR (each holds its cap).',
    spendable: 'balance − held, EUR: what new approvals can hold.',
  },
  Website: {
    website_id: 'The website (`web_…`).',
    project_id: 'The project (`prj_…`) it belongs to.',
    rendering: 'How its pages are read: fetched (HTTP) or rendered in a browser (BROWSER).',
    url: 'The shop’s address, as its setup job was given it.',
    domain:
      'The host, lower-cased, without `www.`, with the port when not the scheme’s default: the website’s identity.',
    language: 'The shop’s language as the analysis found it, e.g. de; null when it could not tell.',
    product_type: 'What the shop mostly sells, as the analysis judged it; null when it could not tell.',
    products_estimate: 'Products the analysis expects a FULL scrape to find.',
    difficulty: 'How its products are read: EASY, MEDIUM or HARD; sets the unit price.',
    estimate: 'The quote of a FULL scrape at the analysed size.',
    setup_job_id: 'The setup job (`job_…`) that added it.',
    created_at: 'When it was added (ISO 8601, UTC).',
    updated_at: 'When it last changed (ISO 8601, UTC).',
  },
  Project: PROJECT_FIELDS,
  ListedProject: { ...PROJECT_FIELDS, role: 'Your role in the project: what you may do in it.' },
  PriceComparisonItem: {
    reference_website_id: 'The reference website (`web_…`).',
    reference_url: 'The reference product’s URL.',
    reference_name: 'The reference product’s name; null when its page gave none.',
    reference_gtin: 'The reference product’s GTIN; null when its page gave none.',
    reference_price: 'Its price in `currency` (decimal string); null without a price or a common currency.',
    currency:
      'The currency every price of the item is in: the project’s, else the shops’ shared one; null when there is none.',
    reference_unit_price: 'Its price per `reference_unit`; null when it states no quantity.',
    reference_unit: 'What `reference_unit_price` is per (`kg`, `l`, `piece` …); null with it.',
    competitors: 'One entry per competitor website of the newest matching, in its order.',
    'competitors.website_id': 'The competitor website (`web_…`).',
    'competitors.url': 'The matched product’s URL; null unless MATCHED.',
    'competitors.price': 'The matched product’s price in `currency`; null unless MATCHED and priced.',
    'competitors.unit_price': 'Its price per `unit`; null when it states no quantity.',
    'competitors.unit': 'What `unit_price` is per; null with it.',
    'competitors.score': 'The match’s score, 0 to 1; null for a pair added by hand or without a match.',
    'competitors.competitor_status':
      'MATCHED (a trusted match), REVIEW (a proposal waits for review) or NO_MATCH.',
    'competitors.match_status': 'How the match is kept: auto, accepted or manual; null unless MATCHED.',
    'competitors.gap':
      'The competitor’s price less the reference price, in `currency` (decimal string, negative when cheaper); null unless both are priced.',
    'competitors.pack_differs':
      'True when the match is sold in another pack (compare unit prices); null unless MATCHED.',
    'competitors.variant_differs':
      'True when the match is another variant of the product (another size or colour than the reference), false when the same variant; null unless MATCHED and both products are variants.',
  },
  MatchReviewItem: {
    pair_id: 'The pair; a decision on it gets this id (`mdc_…`).',
    reference_website_id: 'The reference website (`web_…`).',
    reference_url: 'The reference product’s URL.',
    reference_name: 'The reference product’s name; null when its page gave none.',
    competitor_website_id: 'The competitor website (`web_…`).',
    competitor_url: 'The proposed competitor product’s URL.',
    competitor_name: 'Its name; null when its page gave none.',
    score: 'The matcher’s score of the pair; null when it gave none.',
    method: 'How the matcher found the pair (e.g. GTIN); MANUAL for a pair added by hand.',
    confidence: 'How likely the pair is right, 0 to 1 (calibrated); null when unknown.',
    evidence: 'Why the matcher proposed it, in words; null when it says nothing.',
    impact: 'How much a decision on it would change the result; the queue is ordered by it, highest first.',
    alternatives: 'The reference product’s next-best candidates on the competitor website, up to 3.',
    'alternatives.competitor_url': 'The candidate’s URL.',
    'alternatives.competitor_name': 'Its name; null when its page gave none.',
    'alternatives.confidence': 'How likely it is the right partner, 0 to 1.',
    'alternatives.evidence': 'Why it is a candidate, in words; null when the matcher says nothing.',
    reference:
      'The reference product as the newest catalog holds it; null when that catalog no longer has it.',
    'reference.price': 'Its price (decimal string); null when its page gave none.',
    'reference.currency': 'ISO 4217 currency of `price`; null without a price.',
    'reference.gtin': 'Its GTIN; null when its page gave none.',
    'reference.mpn': 'Its manufacturer part number; null when its page gave none.',
    'reference.sku': 'The shop’s own article number; null when its page gave none.',
    competitor:
      'The proposed competitor product as the newest catalog holds it; null when that catalog no longer has it.',
    'competitor.price': 'Its price (decimal string); null when its page gave none.',
    'competitor.currency': 'ISO 4217 currency of `price`; null without a price.',
    'competitor.gtin': 'Its GTIN; null when its page gave none.',
    'competitor.mpn': 'Its manufacturer part number; null when its page gave none.',
    'competitor.sku': 'The shop’s own article number; null when its page gave none.',
    'alternatives.competitor':
      'The candidate product as the newest catalog holds it; null when that catalog no longer has it.',
    'alternatives.competitor.price': 'Its price (decimal string); null when its page gave none.',
    'alternatives.competitor.currency': 'ISO 4217 currency of `price`; null without a price.',
    'alternatives.competitor.gtin': 'Its GTIN; null when its page gave none.',
    'alternatives.competitor.mpn': 'Its manufacturer part number; null when its page gave none.',
    'alternatives.competitor.sku': 'The shop’s own article number; null when its page gave none.',
  },
  Product: {
    ...Object.fromEntries(
      SOURCED_FIELDS.map((field) => [
        `field_sources.${field}`,
        `Where \`${field}\` came from (json_ld, microdata, rdfa, open_graph, embedded_json, page_text, learned_selector, url); null when the record holds no ${field}.`,
      ]),
    ),
    name: 'The product’s name as the page gives it; null when it gives none.',
    brand: 'The brand as the page gives it; null when it gives none.',
    gtin: 'The GTIN (EAN/UPC, 8 to 14 digits); null when the page gives none.',
    mpn: 'The manufacturer part number; null when the page gives none.',
    sku: 'The shop’s own article number; null when the page gives none.',
    currency: 'ISO 4217 currency of `price`; null when the page gives no price.',
    availability: 'IN_STOCK, OUT_OF_STOCK, PREORDER, or UNKNOWN when the page does not say.',
    image: 'The main product image URL; null when the page gives none.',
    category: 'The shop’s category (breadcrumb) of the product; null when the page gives none.',
    scraped_at: 'When the page was read (ISO 8601, UTC).',
    source: 'Where each value came from (JSON-LD, microdata, a learned selector, …), by field.',
  },
  ExportFile: {
    dataset: 'products, matches, price_comparison, price_history or price_changes.',
    website_id:
      'The website (`web_…`) of a one-website file; null for the file of all the project’s websites.',
    rows: 'Data rows in the file (the header not counted).',
    bytes: 'Size of the file in bytes.',
    updated_at: 'When the file was last written (ISO 8601, UTC).',
    currency:
      'The currency prices were converted to (the project’s); null when the project has no localization.',
  },
  ExportLink: {
    dataset: 'products, matches, price_comparison, price_history or price_changes.',
    project_id: 'The project (`prj_…`).',
    website_id: 'The website (`web_…`) of a one-website file; null for the file of all websites.',
    url: 'A presigned URL of the file: GET it without the API key, until `expires_at`.',
    expires_at: 'When `url` stops working: 15 minutes after it was made (ISO 8601, UTC).',
  },
  Account: {
    user_id: 'Your user (`usr_…`).',
    name: 'Your name, 1 to 100 characters.',
    email: 'Your e-mail address.',
    created_at: 'When the account was created (ISO 8601, UTC).',
  },
  Membership: {
    customer_id: 'The customer (`cus_…`).',
    name: 'The customer’s name.',
    role: 'Your role in it: OWNER, ADMIN or MEMBER.',
    managed: 'true when the customer is managed by the provider: its billing is not self-service.',
  },
  Customer: {
    customer_id: 'The customer (`cus_…`).',
    name: 'The customer’s name.',
    role: 'Your role in it: OWNER, ADMIN or MEMBER.',
    managed: 'true when the customer is managed by the provider: its billing is not self-service.',
    created_at: 'When the customer was created (ISO 8601, UTC).',
    quotas: 'Its limits and how much of each this month has used; money in EUR.',
    'quotas.max_projects': 'The most projects the customer may have.',
    'quotas.projects_used': 'Projects it has now.',
    'quotas.free_analyses_per_month': 'Setup jobs per billing month that cost nothing.',
    'quotas.free_analyses_used': 'Of them, used this month.',
    'quotas.monthly_spend_limit': 'The most its jobs may charge in a billing month, EUR.',
    'quotas.spent_this_month': 'What its jobs have charged this billing month, EUR.',
    'quotas.topup_min': 'The smallest top-up, EUR.',
    'quotas.topup_max': 'The largest top-up, EUR.',
  },
  Usage: {
    month: 'The billing month, YYYY-MM in Europe/Prague time.',
    currency: 'Always EUR.',
    total: 'All charges of the month, EUR (every page of `items` together).',
    items: 'One page of the month’s charges, newest first.',
    'items.amount': 'The charge, EUR.',
  },
  Invoice: {
    invoice_id: 'The invoice (`inv_…`).',
    number: 'The invoice number printed on the PDF.',
    session_id: 'The checkout session of the paid top-up it is for.',
    amount: 'Amount invoiced, as a decimal string.',
    currency: 'ISO 4217 currency of `amount`.',
    issued_at: 'When the invoice was issued (ISO 8601, UTC).',
  },
  Topup: {
    session_id: 'The checkout session, as POST …/billing/topup answered it.',
    status: 'OPEN (not paid yet), PAID or EXPIRED (the checkout page timed out unpaid).',
    credited: 'true once the amount is on the credit (exactly once per session).',
    amount: 'The top-up, EUR.',
    currency: 'Always EUR.',
    credited_at: 'When the credit was added; null until then.',
  },
  Localization: {
    country: 'ISO 3166-1 alpha-2 country of the market, e.g. DE.',
    currency: 'ISO 4217 currency exports convert prices to, e.g. EUR.',
    locale: 'BCP 47 locale of the market, e.g. de-DE.',
  },
  MatchDecision: {
    decision_id: 'The decision (`mdc_…`), the same for the same pair of products.',
    project_id: 'The project (`prj_…`).',
    reference_website_id: 'The reference website (`web_…`) of the pair.',
    reference_url: 'The reference product’s URL.',
    competitor_website_id: 'The competitor website (`web_…`) of the pair.',
    competitor_url: 'The competitor product’s URL.',
    decision:
      'ACCEPTED (a proposed match kept), REJECTED (never proposed again) or MANUAL (a match added by hand).',
    decided_by: 'The user (`usr_…`) who decided.',
    decided_at: 'When (ISO 8601, UTC).',
  },
  PriceChange: {
    change_id: 'The change (`chg_…`).',
    project_id: 'The project (`prj_…`).',
    website_id: 'The website (`web_…`) whose product changed.',
    job_id: 'The scrape job (`job_…`) that saw the change.',
    detected_at: 'When the change was found (ISO 8601, UTC).',
    kind: 'PRICE_DOWN, PRICE_UP, OUT_OF_STOCK, BACK_IN_STOCK, NEW_PRODUCT or PRODUCT_GONE.',
    product_id:
      'The product (`prd_…`); its history is GET /websites/{website_id}/products/history?product_id=.',
    product_url: 'The product page URL.',
    product_name: 'The product’s name at the newer scrape; null when the page gave none.',
    previous_price:
      'The price at the scrape before, in `currency`; null for a new product or when the page gave none.',
    current_price: 'The price now, in `currency`; null for a product gone or when the page gives none.',
    currency:
      'ISO 4217 currency of the prices (the shop’s, not converted); null when neither scrape saw a price.',
    previous_availability: 'Stock at the scrape before; null for a new product.',
    current_availability: 'Stock now; null for a product gone.',
    price_change:
      'current_price − previous_price as an exact decimal (e.g. "-10.00"); null unless the price moved.',
    price_change_percent:
      'The move relative to the previous price, percent, 2 decimals; null unless the price moved, and from a price of 0.',
    matched_reference:
      'For a competitor’s product: the reference product matching linked it to; null when none is linked.',
    'matched_reference.website_id': 'The reference website (`web_…`).',
    'matched_reference.product_id': 'The reference product (`prd_…`).',
    'matched_reference.url': 'The reference product’s page URL.',
    'matched_reference.name': 'The reference product’s name; null when its page gave none.',
    'matched_reference.price':
      'The reference product’s price, in its `currency`; null when its page gave none.',
    'matched_reference.currency': 'ISO 4217 currency of the reference price; null without a price.',
    'matched_reference.previous_gap_percent':
      'How much dearer (+) or cheaper (−) the competitor was than the reference, percent of the reference price, at the scrape before; null when a price is missing, the currencies differ or the reference price is 0.',
    'matched_reference.gap_percent': 'The same gap now; null in the same cases.',
  },
  ProductHistory: {
    website_id: 'The website (`web_…`).',
    product_id: 'The product (`prd_…`).',
    from: 'The start of the range asked for; null when none was given.',
    to: 'The end of the range asked for; null when none was given.',
    points: 'Price and stock at each scrape that saw the product, in the shop’s currency.',
    'points.observed_at': 'When the scrape read the page (ISO 8601, UTC).',
    'points.job_id': 'The scrape job (`job_…`).',
    'points.url': 'The product page URL as scraped.',
    'points.price': 'The price as an exact decimal in `currency`; null when the page gave none.',
    'points.currency': 'ISO 4217 currency of `price`; null when the page gave no price.',
    'points.availability': 'Stock as the page said: IN_STOCK, OUT_OF_STOCK, PREORDER or UNKNOWN.',
  },
  Schedule: SCHEDULE_FIELDS,
  CreatedSchedule: {
    ...SCHEDULE_FIELDS,
    rejected:
      'How many URLs sent were removed (invalid, duplicate or of another website); absent unless URLS_ONLY.',
    rejected_urls: 'The first 100 URLs removed, as sent; absent unless URLS_ONLY.',
  },
  ScheduleRun: {
    schedule_id: 'The schedule (`sch_…`).',
    due_at: 'The due time of this run (ISO 8601, UTC).',
    job_id: 'The scrape job (`job_…`) the run started; null when skipped or still pending.',
    skip_reason: 'Why the run was skipped; null unless SKIPPED.',
    detail: 'The skip in words; null unless SKIPPED.',
    recorded_at: 'When the outcome was recorded (ISO 8601, UTC).',
  },
  Webhook: WEBHOOK_FIELDS,
  CreatedWebhook: WEBHOOK_FIELDS,
  WebhookDelivery: {
    delivery_id: 'The delivery (`dlv_…`).',
    webhook_id: 'The webhook (`whk_…`).',
    event_id: 'The event (`evt_…`) delivered.',
    event_type: 'The event’s type.',
    status: 'PENDING (attempts remain), DELIVERED (the receiver accepted it) or FAILED (the round gave up).',
    round: 'The current round of attempts (with back-off over about a day); a redelivery starts another.',
    attempts: 'The attempts of this delivery, each with its round and outcome.',
    'attempts.round': 'The round the attempt belongs to (1 for the first; a redelivery starts the next).',
    'attempts.attempted_at': 'When it was sent (ISO 8601, UTC).',
    'attempts.outcome':
      'ACCEPTED (a 2xx answer), HTTP_ERROR, REDIRECT (not followed), TIMEOUT, RESPONSE_TOO_LARGE, ADDRESS_NOT_ALLOWED or CONNECTION_FAILED.',
    'attempts.status_code': 'The receiver’s HTTP status; null when no answer came.',
    'attempts.duration_ms': 'How long the attempt took, answer included, milliseconds.',
    'attempts.error': 'What went wrong, in words; null when ACCEPTED.',
    next_attempt_at: 'When the next attempt is due; null unless PENDING.',
    created_at: 'When the delivery was created (ISO 8601, UTC).',
    updated_at: 'When it last changed (ISO 8601, UTC).',
    event: 'The event as it is POSTed (the request body).',
    'event.id': 'The event (`evt_…`); the same in every delivery of it, so a receiver can drop repeats.',
    'event.type': 'The event type, e.g. job.completed.',
    'event.created_at': 'When the event happened (ISO 8601, UTC).',
    'event.project_id': 'The project (`prj_…`) it belongs to.',
    'event.data': 'The event’s own fields (e.g. `job` for job events), by type.',
  },
};

type JsonSchema = Record<string, unknown>;

/**
 * A schema with the descriptions of its fields added, down through inline objects: a field's key is
 * its dotted path from the component (`prefix`); arrays, nullable (`anyOf`) and `allOf` branches keep
 * the path. References are left alone: the component they name is described on its own.
 */
function describe(schema: JsonSchema, descriptions: Record<string, string>, prefix: string): JsonSchema {
  const described: JsonSchema = { ...schema };
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties)
    described.properties = Object.fromEntries(
      Object.entries(properties).map(([field, property]) => {
        const path = prefix ? `${prefix}.${field}` : field;
        const inner = describe(property, descriptions, path);
        const text = descriptions[path];
        return [field, property.description || !text ? inner : { ...inner, description: text }];
      }),
    );
  if (schema.items && typeof schema.items === 'object')
    described.items = describe(schema.items as JsonSchema, descriptions, prefix);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[key] as JsonSchema[] | undefined;
    if (branches) described[key] = branches.map((branch) => describe(branch, descriptions, prefix));
  }
  return described;
}

/** The components with FIELD_DESCRIPTIONS added where their own schemas give none. */
export function describeFields(components: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(components).map(([name, schema]) => {
      const descriptions = FIELD_DESCRIPTIONS[name];
      return [name, descriptions ? describe(schema, descriptions, '') : schema];
    }),
  );
}
