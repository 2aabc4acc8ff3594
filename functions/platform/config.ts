/**
 * Every environment variable the service reads, in one table: its kind, its default and its range.
 * Entries and wiring modules read their values through `setting` when first needed (`onFirstUse`),
 * so each is read and validated once per cold start, a missing required variable fails naming
 * itself, and importing a module reads no variable. The CDK stacks set
 * variables only by these names (`SettingName`), and the local stack fills the same ones.
 *
 * Which function gets which variable follows from its access (its table, buckets, lanes, payments
 * and mail): a function only reads the variables of what it may reach.
 */
type Spec =
  | { kind: 'required'; about: string }
  | { kind: 'optional'; about: string }
  | { kind: 'number'; fallback: number; min: number; max: number; about: string };

const required = (about: string) => ({ kind: 'required', about }) as const;
const optional = (about: string) => ({ kind: 'optional', about }) as const;

export const SETTINGS = {
  TABLE_NAME: required('the one DynamoDB table (set by bindTable)'),
  DATA_BUCKET: required('catalogs, runs and invoice PDFs (set by bindBucket)'),
  EXPORTS_BUCKET: required('export files (set by bindBucket)'),
  WEBSITE_SETUP_STATE_MACHINE_ARN: required('the website-setup lane (set by bindStateMachine)'),
  SCRAPE_STATE_MACHINE_ARN: required('the scrape lane (set by bindStateMachine)'),
  MATCHING_STATE_MACHINE_ARN: required('the matching lane (set by bindStateMachine)'),
  WEBHOOK_DELIVERY_STATE_MACHINE_ARN: required('the webhook-delivery lane (set by bindStateMachine)'),
  API_KEY_CACHE_SECONDS: {
    kind: 'number',
    fallback: 60,
    min: 0,
    max: 300,
    about: 'how long a verified API key is trusted without a lookup (stage setting)',
  },
  RATE_LIMIT_PER_SECOND: {
    kind: 'number',
    fallback: 10,
    min: 0.001,
    max: 10_000,
    about: 'requests per second an API key may sustain (stage setting; its bucket refills at this rate)',
  },
  RATE_LIMIT_BURST: {
    kind: 'number',
    fallback: 50,
    min: 1,
    max: 100_000,
    about: 'requests an API key may send at once after a quiet spell (stage setting; its bucket size)',
  },
  EXPORT_RATES_SOURCE: optional('`ecb` or `bundled` (unset): where export currency rates come from'),
  PRICE_OVERRIDES: optional('JSON overrides of the default price list (stage setting)'),
  STRIPE_SECRET_ID: optional(
    'the Secrets Manager secret (name or ARN) holding Stripe’s keys as JSON (set by bindSecret); never the keys',
  ),
  STRIPE_SECRET_KEY: optional(
    'local stack and tests only: the Stripe API key itself; unset with its webhook secret and the secret id means local checkout',
  ),
  STRIPE_WEBHOOK_SECRET: optional('local stack and tests only: the Stripe webhook signing secret itself'),
  CURSOR_SECRET_ID: optional(
    'the Secrets Manager secret (name or ARN) holding the list-cursor signing key as JSON (set by bindSecret)',
  ),
  CURSOR_SIGNING_KEY: optional(
    'local stack and tests only: the key that signs list cursors itself (the local stack makes one per start)',
  ),
  CRAWL_PROXY_SECRET_ID: optional(
    'the Secrets Manager secret (name or ARN) holding the key that seals projects’ crawl proxies as JSON (set by bindSecret)',
  ),
  CRAWL_PROXY_KEY: optional(
    'local stack and tests only: the key that seals projects’ crawl proxies itself (the local stack keeps one in its data folder)',
  ),
  SECRET_CACHE_SECONDS: {
    kind: 'number',
    fallback: 300,
    min: 0,
    max: 3600,
    about: 'how long a secret read from Secrets Manager is kept in memory (a rotation takes effect after it)',
  },
  CHECKOUT_RETURN_URL: optional('where Stripe Checkout returns the payer'),
  MAIL_FROM: optional('the SES sender (set by bindMail)'),
  SALES_EMAIL: optional('where sales contact requests go'),
  SUPPORT_EMAIL: optional('where support contact requests go'),
  INVOICE_SELLER_NAME: optional('the seller on invoices'),
  INVOICE_SELLER_ADDRESS: optional('the seller’s address lines on invoices, separated by `;`'),
  INVOICE_SELLER_VAT_ID: optional('the seller’s VAT id on invoices'),
  INVOICE_SELLER_EMAIL: optional('the seller’s e-mail on invoices'),
  PUBLIC_BASE_URL: optional('the API’s base URL when a proxy hides it from the request'),
  SETUP_MAX_PRODUCTS: {
    kind: 'number',
    fallback: 50_000,
    min: 1,
    max: 10_000_000,
    about: 'the most product URLs a setup counts',
  },
  SETUP_LIMIT_PER_HOUR: {
    kind: 'number',
    fallback: 60,
    min: 1,
    max: 10_000,
    about:
      'setup jobs a customer may create in any 60 minutes; beyond it 429 SETUP_LIMIT_REACHED (stage setting)',
  },
  SETUP_TRAIN_PAGES: { kind: 'number', fallback: 40, min: 5, max: 1000, about: 'pages a setup trains on' },
  SCRAPE_BATCH_SIZE: { kind: 'number', fallback: 100, min: 1, max: 1000, about: 'URLs per scrape task' },
  SCRAPE_BATCH_SECONDS: {
    kind: 'number',
    fallback: 600,
    min: 1,
    max: 780,
    about: 'the time a scrape task starts new URLs in before it hands the rest of its batch on',
  },
  SCRAPE_PLAN_SECONDS: {
    kind: 'number',
    fallback: 600,
    min: 1,
    max: 780,
    about: 'the time a FULL scrape’s plan crawls the shop for product pages before it scrapes what it found',
  },
  MATCHING_SHARD_ABOVE: {
    kind: 'number',
    fallback: 60_000,
    min: 2,
    max: 100_000_000,
    about:
      'products of a website pair (both catalogs) above which a matching job matches it in shards (the lane’s Map)',
  },
  MATCHING_SHARD_PRODUCTS: {
    kind: 'number',
    fallback: 40_000,
    min: 2,
    max: 10_000_000,
    about: 'products a matching shard holds at most: half of them of each catalog',
  },
  JOB_IDLE_LIMIT_SECONDS: {
    kind: 'number',
    fallback: 14 * 24 * 60 * 60,
    min: 1,
    max: 365 * 24 * 60 * 60,
    about: 'the idle time after which the sweeper expires an unapproved job',
  },
  JOB_STRANDED_APPROVAL_SECONDS: {
    kind: 'number',
    fallback: 300,
    min: 1,
    max: 24 * 60 * 60,
    about:
      'the time after which the sweeper starts the lane of an approved job that has none (an approval’s request ends within 30 s)',
  },
  JOB_STRANDED_RUN_SECONDS: {
    kind: 'number',
    fallback: 60 * 60,
    min: 1,
    max: 7 * 24 * 60 * 60,
    about:
      'the time without progress after which the sweeper ends FAILED a job whose lane execution has ended or cannot be found (longer than a lane task and its retry: 2 × 900 s)',
  },
  HISTORY_RETENTION_DAYS: {
    kind: 'number',
    fallback: 90,
    min: 1,
    max: 3650,
    about: 'days the price history and the changes between scrapes are kept (stage setting)',
  },
  EXPORTS_MAINTENANCE: optional('`true` answers 503 on export routes; read per request, an operator switch'),
  LOG_LEVEL: optional('`silent` turns logs off; read per line, tests switch it'),
  CRAWL_ALLOWED_HOSTS: optional('private hosts the crawler may reach: local stack and tests only'),
  CRAWL_MIN_DELAY_MS: {
    kind: 'number',
    fallback: 100,
    min: 0,
    max: 10_000,
    about:
      'tests only: least time between the starts of two requests to one host by the setup and scrape lanes; a robots Crawl-delay still applies',
  },
  CHROMIUM_PATH: optional(
    'the Chromium binary the crawler renders pages with; default /usr/bin/chromium (Debian `chromium`, as in the browser image in AWS)',
  ),
  CRAWL_BOT_WALL_RETRY_MS: {
    kind: 'number',
    fallback: 5_000,
    min: 0,
    max: 60_000,
    about: 'how long a URL that met a bot wall (403 or a challenge page) waits before its one retry',
  },
  CRAWL_PUSHBACK_INTERVAL_MS: {
    kind: 'number',
    fallback: 250,
    min: 0,
    max: 10_000,
    about:
      'tests only: spacing of request starts to a host after its first 429 or 503, doubled at each further one; its Retry-After still applies',
  },
  WEBHOOK_ALLOWED_HOSTS: optional(
    'local stack and tests only: `host:port` receivers that webhooks may reach at private addresses, comma-separated',
  ),
  WEBHOOK_RETRY_BASE_SECONDS: {
    kind: 'number',
    fallback: 30,
    min: 0.001,
    max: 3600,
    about:
      'the first wait before a failed webhook delivery is tried again; the waits double from it and retries last 2880 times it (24 h at 30 s)',
  },
  WEBHOOK_ATTEMPT_TIMEOUT_SECONDS: {
    kind: 'number',
    fallback: 10,
    min: 0.1,
    max: 30,
    about: 'how long one webhook delivery attempt may take, connection to the end of the answer',
  },
  MAIL_OUTBOX_DIR: optional('local stack only: mail is written here instead of sent'),
  DYNAMODB_ENDPOINT: optional('local stack only: DynamoDB Local'),
  S3_ENDPOINT: optional('local stack only: the S3 fake'),
  STRIPE_API_URL: optional('tests only: a local fake of the Stripe API'),
  JOB_SWEEP_INTERVAL_SECONDS: {
    kind: 'number',
    fallback: 60,
    min: 0.1,
    max: 3600,
    about: 'local stack only: the idle sweeper’s timer',
  },
  SCHEDULE_RUN_INTERVAL_SECONDS: {
    kind: 'number',
    fallback: 60,
    min: 0.1,
    max: 3600,
    about: 'local stack only: the timer of the runner of due schedules',
  },
  PORT: { kind: 'number', fallback: 3000, min: 0, max: 65535, about: 'local stack only: the API port' },
  DATA_DIR: optional('local stack only: keep the stack’s data in this folder'),
} as const satisfies Record<string, Spec>;

export type SettingName = keyof typeof SETTINGS;

type Value<S> = S extends { kind: 'required' }
  ? string
  : S extends { kind: 'number' }
    ? number
    : string | undefined;

/**
 * A value built from settings when first asked for and kept for the cold start: the module holding
 * it reads no setting when imported, so a test imports it without setting the environment first.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}

/** The variable's value as its spec types it; throws, naming the variable, when it is missing or out of range. */
export function setting<N extends SettingName>(name: N): Value<(typeof SETTINGS)[N]> {
  const spec: Spec = SETTINGS[name];
  const raw = process.env[name] === '' ? undefined : process.env[name];
  if (spec.kind === 'optional') return raw as Value<(typeof SETTINGS)[N]>;
  if (spec.kind === 'required') {
    if (raw === undefined) throw new Error(`Missing required environment variable ${name}`);
    return raw as Value<(typeof SETTINGS)[N]>;
  }
  if (raw === undefined) return spec.fallback as Value<(typeof SETTINGS)[N]>;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < spec.min || value > spec.max) {
    throw new Error(
      `Environment variable ${name} must be a number from ${spec.min} to ${spec.max}, got ${raw}`,
    );
  }
  return value as Value<(typeof SETTINGS)[N]>;
}

/**
 * The secrets the functions use. In AWS a function's environment names only the Secrets Manager
 * secret (its `idSetting`), and the value is the JSON field `field` of that secret, read at run time
 * (functions/platform/secrets.ts). Where the id is unset (the local stack, tests) the secret's own
 * variable is its value: the one seam through which both paths pass.
 */
export const SECRETS = {
  STRIPE_SECRET_KEY: { idSetting: 'STRIPE_SECRET_ID', field: 'secret_key' },
  STRIPE_WEBHOOK_SECRET: { idSetting: 'STRIPE_SECRET_ID', field: 'webhook_secret' },
  CURSOR_SIGNING_KEY: { idSetting: 'CURSOR_SECRET_ID', field: 'cursor_key' },
  CRAWL_PROXY_KEY: { idSetting: 'CRAWL_PROXY_SECRET_ID', field: 'proxy_key' },
} as const satisfies Partial<Record<SettingName, { idSetting: SettingName; field: string }>>;

export type SecretName = keyof typeof SECRETS;

export type SecretSource =
  | { kind: 'SECRETS_MANAGER'; secretId: string; field: string }
  | { kind: 'ENVIRONMENT'; value: string | undefined };

/** Where a secret's value comes from in this process: Secrets Manager when its id is set, else its own variable. */
export function secretSource(name: SecretName): SecretSource {
  const { idSetting, field } = SECRETS[name];
  const secretId = setting(idSetting);
  return secretId
    ? { kind: 'SECRETS_MANAGER', secretId, field }
    : { kind: 'ENVIRONMENT', value: setting(name) };
}

/** The variable that carries a lane's state machine ARN, for the lane starter and for CDK alike. */
export const LANE_ARN_SETTING = {
  'website-setup': 'WEBSITE_SETUP_STATE_MACHINE_ARN',
  scrape: 'SCRAPE_STATE_MACHINE_ARN',
  matching: 'MATCHING_STATE_MACHINE_ARN',
  'webhook-delivery': 'WEBHOOK_DELIVERY_STATE_MACHINE_ARN',
} as const satisfies Record<string, SettingName>;

/** Whether a variable is set at all (the admin CLI tells a deployed stage from a local one by it). */
export const isSet = (name: SettingName): boolean => (process.env[name] ?? '') !== '';

/** An optional variable that one branch of a module cannot do without (the SES sender when no outbox is set). */
export function needSetting(name: SettingName): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`Missing required environment variable ${name}`);
  return value;
}
