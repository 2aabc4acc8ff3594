import { join, resolve } from 'node:path';
import { ArnFormat, Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { SettingName } from '#platform/config';
import type { Access } from '#platform/routes';
import { BUNDLE_BANNER, BUNDLE_EXTERNALS, BUNDLE_MAIN_FIELDS, BUNDLE_TARGET, REPO_ROOT } from './bundling.ts';
import { grantBucket, grantStateMachine, grantTable } from './function-access.ts';
import type { StageMail, StripePayments } from './stage-config.ts';

export interface ServiceFunctionProps {
  /** The handler module, relative to the repository root (or absolute); it exports `handler`. */
  entry: string;
  description: string;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
  timeout?: Duration;
  memorySize?: number;
  /** Settings of the functions' own table (functions/platform/config.ts), and only those. */
  environment?: Partial<Record<SettingName, string>>;
  /** Files (relative to the repository root) copied beside the bundle, for the handler to read at run time. */
  files?: readonly string[];
  /** Where asynchronous invocations go once Lambda's own retries fail. */
  deadLetterQueue?: IQueue;
  /** The most instances at once, held back from the account's pool for this function alone. */
  reservedConcurrency?: number;
}

/**
 * Every Lambda of the service: Node.js 24 on arm64, one minified ESM bundle with source maps, X-Ray
 * tracing and its own log group. Resources are attached with the bind methods, each of which sets the
 * variable the handler reads and grants only the access asked for.
 */
export class ServiceFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    const files = props.files ?? [];
    super(scope, id, {
      entry: resolve(REPO_ROOT, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      tracing: lambda.Tracing.ACTIVE,
      deadLetterQueue: props.deadLetterQueue,
      reservedConcurrentExecutions: props.reservedConcurrency,
      logGroup: new logs.LogGroup(scope, `${id}Logs`, {
        retention: props.logRetention,
        removalPolicy: props.removalPolicy,
      }),
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      bundling: {
        format: OutputFormat.ESM,
        target: BUNDLE_TARGET,
        mainFields: [...BUNDLE_MAIN_FIELDS],
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        logLevel: LogLevel.WARNING,
        // The runtime's SDK v3 (lib/bundling.ts says why).
        bundleAwsSDK: false,
        externalModules: [...BUNDLE_EXTERNALS],
        banner: BUNDLE_BANNER,
        // The bundle carries no node_modules, so files a handler reads must travel beside it.
        commandHooks: files.length
          ? {
              beforeBundling: () => [],
              beforeInstall: () => [],
              afterBundling: (inputDir, outputDir) =>
                files.map((file) => `cp "${inputDir}/${file}" "${outputDir}/"`),
            }
          : undefined,
      },
    });
  }

  /** Sets one of the variables the functions read, by its name in their settings table. */
  setSetting(name: SettingName, value: string): this {
    this.addEnvironment(name, value);
    return this;
  }

  bindTable(table: ITable, access: Access): this {
    grantTable(this, table, access);
    return this;
  }

  /**
   * Authentication stamps `last_used_at` on the caller's key listing item (at most once per cache
   * period), so even a read-only function may update that one attribute and nothing else.
   */
  allowApiKeyUseStamp(table: ITable, keyAttributes: readonly string[]): this {
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...keyAttributes, 'last_used_at'] },
          StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE'] },
        },
      }),
    );
    return this;
  }

  /**
   * The per-key rate limit writes the key's bucket item on every request, so even a read-only
   * function may update the bucket attributes of items whose key starts with the bucket prefix.
   */
  allowRateLimitBuckets(
    table: ITable,
    keyAttributes: readonly string[],
    prefix: string,
    attributes: readonly string[],
  ): this {
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${prefix}*`] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...keyAttributes, ...attributes] },
          StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE'] },
        },
      }),
    );
    return this;
  }

  bindBucket(bucket: IBucket, variable: SettingName, access: Access): this {
    grantBucket(this, bucket, variable, access);
    return this;
  }

  /** RO may look at executions; RW may also start and stop them. */
  bindStateMachine(machine: IStateMachine, variable: SettingName, access: Access): this {
    grantStateMachine(this, machine, variable, access);
    return this;
  }

  /**
   * Names a Secrets Manager secret in `variable` (its name, never its value) and lets this function,
   * and only it, read that one secret; functions/platform/secrets.ts fetches it at run time.
   */
  bindSecret(secretName: string, variable: SettingName): this {
    this.setSetting(variable, secretName);
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        // Secrets Manager appends six random characters to a secret's name in its ARN.
        resources: [
          Stack.of(this).formatArn({
            service: 'secretsmanager',
            resource: 'secret',
            resourceName: `${secretName}-??????`,
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        ],
      }),
    );
    return this;
  }

  /** The Stripe settings the billing handlers read: the secret holding both keys, and the return page. */
  bindStripe(payments: StripePayments): this {
    this.bindSecret(payments.secretName, 'STRIPE_SECRET_ID');
    this.setSetting('CHECKOUT_RETURN_URL', payments.checkoutReturnUrl);
    return this;
  }

  /** Sends mail through SES, and only as the stage's sender. */
  bindMail(mail: StageMail): this {
    this.setSetting('MAIL_FROM', mail.from);
    this.setSetting('SALES_EMAIL', mail.sales);
    this.setSetting('SUPPORT_EMAIL', mail.support);
    this.addToRolePolicy(
      new iam.PolicyStatement({
        // The mailer sends composed raw messages, which SES also checks as SendRawEmail.
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
        conditions: { StringEquals: { 'ses:FromAddress': mail.from } },
      }),
    );
    return this;
  }
}
