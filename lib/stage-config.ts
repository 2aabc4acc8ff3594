import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { PriceOverrides } from '#core/pricing';
import type { SettingName } from '#platform/config';

export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** Everything that differs between stages, in one place; constructs read it and never test the stage. */
export interface StageConfig {
  /** Account and region come from the CLI's profile (`CDK_DEFAULT_*`) unless the stage pins them. */
  env: { account: string | undefined; region: string };
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
  /** Stage-wide API Gateway throttle, before a single request reaches a Lambda. */
  apiThrottle: { rateLimit: number; burstLimit: number };
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
  /** Operator address subscribed to the alarm topic; no subscription when absent. */
  alarmEmail: string | undefined;
}

/**
 * The Secrets Manager secret is a JSON object with `secret_key` and `webhook_secret`; CloudFormation
 * resolves it into the billing functions' settings at deploy time, so neither appears in a template.
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

const region = process.env.CDK_DEFAULT_REGION ?? 'eu-central-1';
const account = process.env.CDK_DEFAULT_ACCOUNT;

export const stageConfigs: Record<Stage, StageConfig> = {
  dev: {
    env: { account, region },
    terminationProtection: false,
    removalPolicy: RemovalPolicy.DESTROY,
    pointInTimeRecovery: true,
    tableDeletionProtection: false,
    logRetention: RetentionDays.ONE_WEEK,
    exportsExpireAfter: Duration.days(7),
    dataNoncurrentVersionsExpireAfter: Duration.days(7),
    apiThrottle: { rateLimit: 50, burstLimit: 100 },
    apiKeyCacheSeconds: 60,
    priceOverrides: {},
    exportRates: 'ecb',
    payments: { provider: 'LOCAL_CHECKOUT' },
    mail: {
      from: 'service@dev.product-data.example',
      sales: 'sales@product-data.example',
      support: 'support@product-data.example',
    },
    alarmEmail: process.env.PDS_DEV_ALARM_EMAIL,
  },
  prod: {
    env: { account, region },
    terminationProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
    pointInTimeRecovery: true,
    tableDeletionProtection: true,
    logRetention: RetentionDays.THREE_MONTHS,
    exportsExpireAfter: Duration.days(30),
    dataNoncurrentVersionsExpireAfter: Duration.days(90),
    apiThrottle: { rateLimit: 500, burstLimit: 1000 },
    apiKeyCacheSeconds: 60,
    priceOverrides: {},
    exportRates: 'ecb',
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
    alarmEmail: process.env.PDS_PROD_ALARM_EMAIL,
  },
};

export function parseStage(value: unknown): Stage {
  const stage = STAGES.find((known) => known === value);
  if (!stage) throw new Error(`Unknown stage ${JSON.stringify(value)}: pass -c stage=${STAGES.join('|')}`);
  return stage;
}

/**
 * Settings every function of the stage reads. CRAWL_ALLOWED_HOSTS is never set in AWS, so a
 * deployed crawler cannot reach a private address.
 */
export function serviceEnvironment(config: StageConfig): Partial<Record<SettingName, string>> {
  return {
    EXPORT_RATES_SOURCE: config.exportRates,
    ...(Object.keys(config.priceOverrides).length > 0
      ? { PRICE_OVERRIDES: JSON.stringify(config.priceOverrides) }
      : {}),
  };
}
