import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { PriceOverrides } from '#core/pricing';
import type { RateLimit } from '#core/token-bucket';
import type { SettingName } from '#platform/config';

/** `test` holds example values for synth and the CDK tests; it is never deployed. */
export const STAGES = ['test', 'dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** Everything that differs between stages, in one place; constructs read it and never test the stage. */
export interface StageConfig {
  /** The account and region the stage deploys to; a deploy into any other is refused by CloudFormation. */
  env: { account: Setting; region: string };
  /** Blocks `cdk destroy` of the stage's stacks. */
  terminationProtection: boolean;
  /** Retain keeps the table, buckets and logs when a stack is deleted. */
  removalPolicy: RemovalPolicy;
  pointInTimeRecovery: boolean;
  /** Refuses DeleteTable even from CloudFormation. */
  tableDeletionProtection: boolean;
  logRetention: RetentionDays;
  /** Export files are rebuilt on demand, so old ones are removed after this long. */
  exportsExpireAfter: Duration;
  /** Earlier versions of overwritten data objects (catalogs, invoices) are kept this long. */
  dataNoncurrentVersionsExpireAfter: Duration;
  /**
   * Days the price history (the data bucket's `history/` objects) and the changes found between
   * scrapes (table items, by their TTL) are kept.
   */
  historyRetentionDays: number;
  /** Stage-wide API Gateway throttle, before a single request reaches a Lambda. */
  apiThrottle: { rateLimit: number; burstLimit: number };
  /**
   * Per API key: a token bucket of `burst` requests refilled at `perSecond` (functions/http/rate-limit.ts);
   * beyond it a request answers 429 with Retry-After. Sits below the stage-wide throttle.
   */
  apiKeyRateLimit: RateLimit;
  /**
   * Setup jobs a customer may create in any 60 minutes (functions/setup/create-setup-job.ts); each
   * starts a crawl of a shop, so a loop of setups is capped here. Beyond it 429 SETUP_LIMIT_REACHED.
   */
  setupLimitPerHour: number;
  /**
   * Reserved concurrency of the crawl fan-out (the scrape batches of all jobs together): it caps
   * how many shops' pages are fetched at once and keeps the rest of the account's concurrency for
   * the API. Each job's Map limits itself per shop (one batch at a time under a Crawl-delay).
   */
  crawlFanOutConcurrency: number;
  /** How long a Lambda may keep an API-key lookup in memory (the design allows at most 60 s). */
  apiKeyCacheSeconds: number;
  /** Changes to the default price list of functions/core/pricing.ts. */
  priceOverrides: PriceOverrides;
  /** Where exports take exchange rates from: the ECB's daily feed, or the table bundled with the code. */
  exportRates: 'ecb' | 'bundled';
  /** Who takes payments: Stripe, or the local checkout page (anyone can "pay": never in prod). */
  payments: StripePayments | { provider: 'LOCAL_CHECKOUT' };
  /** SES sender (a verified identity of the stage) and the teams that contact requests go to. */
  mail: StageMail;
  /** Operator address subscribed to the alarm topic. */
  alarmEmail: Setting;
  /** Who the stage's invoices name as seller. */
  seller: InvoiceSeller;
}

/** A setting a stage must have before it is deployed; undefined until the operator fills it in. */
type Setting = string | undefined;

export interface InvoiceSeller {
  name: Setting;
  addressLines: readonly string[];
  vatId: Setting;
  email: Setting;
}

/**
 * The Secrets Manager secret is a JSON object with `secret_key` and `webhook_secret`. The payment
 * functions read it at run time (cached for SECRET_CACHE_SECONDS); neither value appears in a
 * template or a function's environment.
 */
export interface StripePayments {
  provider: 'STRIPE';
  secretName: string;
  /** Where Stripe sends the payer after checkout; `{CHECKOUT_SESSION_ID}` is replaced by Stripe. */
  checkoutReturnUrl: string;
}

export interface StageMail {
  from: string;
  sales: string;
  support: string;
}

const common = {
  apiKeyCacheSeconds: 60,
  setupLimitPerHour: 60,
  priceOverrides: {},
  exportRates: 'ecb',
  pointInTimeRecovery: true,
} as const;

const devLike = {
  ...common,
  terminationProtection: false,
  removalPolicy: RemovalPolicy.DESTROY,
  tableDeletionProtection: false,
  logRetention: RetentionDays.ONE_WEEK,
  exportsExpireAfter: Duration.days(7),
  dataNoncurrentVersionsExpireAfter: Duration.days(7),
  historyRetentionDays: 90,
  apiThrottle: { rateLimit: 50, burstLimit: 100 },
  apiKeyRateLimit: { perSecond: 5, burst: 20 },
  crawlFanOutConcurrency: 10,
  payments: { provider: 'LOCAL_CHECKOUT' },
} as const;

export const stageConfigs: Record<Stage, StageConfig> = {
  test: {
    ...devLike,
    // The documentation account of AWS: the test stage synthesizes but never deploys.
    env: { account: '123456789012', region: 'eu-central-1' },
    mail: {
      from: 'service@test.product-data.example',
      sales: 'sales@product-data.example',
      support: 'support@product-data.example',
    },
    alarmEmail: 'ops@product-data.example',
    seller: {
      name: 'Product Data Example s.r.o.',
      addressLines: ['Example street 1', '110 00 Praha 1', 'Czech Republic'],
      vatId: 'CZ00000000',
      email: 'billing@product-data.example',
    },
  },
  dev: {
    ...devLike,
    env: { account: undefined, region: 'eu-central-1' },
    mail: {
      from: 'service@dev.product-data.example',
      sales: 'sales@product-data.example',
      support: 'support@product-data.example',
    },
    alarmEmail: undefined,
    seller: { name: 'Product Data Service (dev)', addressLines: [], vatId: undefined, email: undefined },
  },
  prod: {
    ...common,
    env: { account: undefined, region: 'eu-central-1' },
    terminationProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
    tableDeletionProtection: true,
    logRetention: RetentionDays.THREE_MONTHS,
    exportsExpireAfter: Duration.days(30),
    dataNoncurrentVersionsExpireAfter: Duration.days(90),
    historyRetentionDays: 730,
    apiThrottle: { rateLimit: 500, burstLimit: 1000 },
    apiKeyRateLimit: { perSecond: 10, burst: 50 },
    crawlFanOutConcurrency: 100,
    payments: {
      provider: 'STRIPE',
      secretName: 'product-data/prod/stripe',
      checkoutReturnUrl: 'https://product-data.example/billing/topups/{CHECKOUT_SESSION_ID}',
    },
    mail: {
      from: 'service@product-data.example',
      sales: 'sales@product-data.example',
      support: 'support@product-data.example',
    },
    alarmEmail: undefined,
    seller: { name: undefined, addressLines: [], vatId: undefined, email: undefined },
  },
};

/** The settings a stage lacks before it may be deployed, by their path in the stage table. */
export function missingSettings(config: StageConfig): string[] {
  const required: [string, unknown][] = [
    ['env.account', config.env.account],
    ['env.region', config.env.region],
    ['alarmEmail', config.alarmEmail],
    ['seller.name', config.seller.name],
    ['seller.addressLines', config.seller.addressLines.join('')],
    ['seller.vatId', config.seller.vatId],
    ['seller.email', config.seller.email],
  ];
  return required
    .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
    .map(([name]) => name);
}

/** Refuses a stage with a required setting missing, naming each one, before anything is synthesized. */
export function assertDeployable(stage: Stage, config: StageConfig = stageConfigs[stage]): void {
  const missing = missingSettings(config);
  if (missing.length > 0)
    throw new Error(
      `Stage ${stage} is missing required settings in lib/stage-config.ts: ${missing.map((name) => `${stage}.${name}`).join(', ')}`,
    );
}

export function parseStage(value: unknown): Stage {
  const stage = STAGES.find((known) => known === value);
  if (!stage) throw new Error(`Unknown stage ${JSON.stringify(value)}: pass -c stage=${STAGES.join('|')}`);
  return stage;
}

/**
 * Settings every function of the stage reads. CRAWL_ALLOWED_HOSTS is never set in AWS, so a
 * deployed crawler cannot reach a private address.
 */
/** What invoices print about the seller, in the variables functions/http/billing reads. */
export function sellerEnvironment(seller: InvoiceSeller): Partial<Record<SettingName, string>> {
  const set = (name: SettingName, value: string | undefined) => (value ? { [name]: value } : {});
  return {
    ...set('INVOICE_SELLER_NAME', seller.name),
    ...set('INVOICE_SELLER_ADDRESS', seller.addressLines.join(';')),
    ...set('INVOICE_SELLER_VAT_ID', seller.vatId),
    ...set('INVOICE_SELLER_EMAIL', seller.email),
  };
}

/** The per-key rate limit, for the functions behind an API key. */
export function rateLimitEnvironment(limit: RateLimit): Partial<Record<SettingName, string>> {
  return { RATE_LIMIT_PER_SECOND: String(limit.perSecond), RATE_LIMIT_BURST: String(limit.burst) };
}

export function serviceEnvironment(config: StageConfig): Partial<Record<SettingName, string>> {
  return {
    EXPORT_RATES_SOURCE: config.exportRates,
    SETUP_LIMIT_PER_HOUR: String(config.setupLimitPerHour),
    HISTORY_RETENTION_DAYS: String(config.historyRetentionDays),
    ...(Object.keys(config.priceOverrides).length > 0
      ? { PRICE_OVERRIDES: JSON.stringify(config.priceOverrides) }
      : {}),
  };
}
