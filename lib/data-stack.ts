import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { TABLE_KEYS } from '#store/table-definition';
import type { Stage, StageConfig } from './stage-config.ts';

/** The construct id of the access-log bucket, which the cdk-nag acknowledgements name. */
export const ACCESS_LOGS_BUCKET_ID = 'AccessLogsBucket';

export interface DataStackProps extends StackProps {
  stage: Stage;
  config: StageConfig;
}

/**
 * The stateful part: the single table and the two buckets, and the alarm topic (whose confirmed
 * e-mail subscription should outlive the stateless stacks). Stateless stacks can be destroyed and
 * redeployed freely; this one keeps the data (retained in prod).
 */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  /** Catalogs, match results, batch manifests, samples and invoice PDFs. */
  readonly dataBucket: s3.Bucket;
  /** Generated CSV exports, served by presigned URL and rebuilt on demand. */
  readonly exportsBucket: s3.Bucket;
  readonly alarmTopic: sns.Topic;
  /** S3 server access logs of the data and exports buckets, kept as long as the stage keeps logs. */
  readonly accessLogsBucket: s3.Bucket;
  /**
   * Seals projects' crawl proxies in the table (`crawl_proxy_sealed`): it lives with the data it
   * opens, since a new value leaves every stored proxy unreadable until its project sets it again.
   */
  readonly crawlProxyKey: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    const destroyable = config.removalPolicy === RemovalPolicy.DESTROY;

    this.table = new dynamodb.Table(this, 'Table', {
      // A fixed name lets the admin CLI find a stage's table.
      tableName: `product-data-${props.stage}`,
      partitionKey: { name: TABLE_KEYS.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: config.pointInTimeRecovery },
      timeToLiveAttribute: TABLE_KEYS.timeToLive,
      deletionProtection: config.tableDeletionProtection,
      removalPolicy: config.removalPolicy,
    });
    for (const index of TABLE_KEYS.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
      });
    }

    this.crawlProxyKey = new secretsmanager.Secret(this, 'CrawlProxyKey', {
      description: "Key sealing projects' crawl proxy URLs (with their credentials) in the table",
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: 'proxy_key',
        passwordLength: 64,
        excludePunctuation: true,
      },
      removalPolicy: config.removalPolicy,
    });

    const privateBucket = {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: destroyable,
    } satisfies s3.BucketProps;

    this.accessLogsBucket = new s3.Bucket(this, ACCESS_LOGS_BUCKET_ID, {
      ...privateBucket,
      lifecycleRules: [{ expiration: Duration.days(config.logRetention) }],
    });

    this.dataBucket = new s3.Bucket(this, 'DataBucket', {
      ...privateBucket,
      versioned: true,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { noncurrentVersionExpiration: config.dataNoncurrentVersionsExpireAfter },
        // A scrape job's working objects (URL list, batch manifests and results) are dead once it
        // settles. They are read up to the settling: a URL job's list when it is approved, up to
        // the 14-day idle limit after it was written, and a slow run's first batch results after
        // its last batch (1000 batches of at most 15 minutes, one at a time under a Crawl-delay:
        // under 11 days). 30 days leaves room for both.
        { prefix: 'scrape-runs/', expiration: Duration.days(30) },
        // The price history is append-only: each run's objects go once the stage's retention has passed.
        { prefix: 'history/', expiration: Duration.days(config.historyRetentionDays) },
      ],
    });

    this.exportsBucket = new s3.Bucket(this, 'ExportsBucket', {
      ...privateBucket,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { expiration: config.exportsExpireAfter },
      ],
    });

    this.logAccesses(this.dataBucket, 'data/');
    this.logAccesses(this.exportsBucket, 'exports/');

    this.alarmTopic = new sns.Topic(this, 'AlarmTopic', {
      topicName: `pds-${props.stage}-alarms`,
      enforceSSL: true,
    });
    if (config.alarmEmail)
      this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(config.alarmEmail));

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'DataBucketName', { value: this.dataBucket.bucketName });
    new CfnOutput(this, 'ExportsBucketName', { value: this.exportsBucket.bucketName });
  }

  /**
   * Server access logs of `bucket` under `prefix` of the access-log bucket. Delivery is granted by a
   * bucket policy to the logging service for this bucket only, as ACLs are off on every bucket
   * (BUCKET_OWNER_ENFORCED); the `serverAccessLogsBucket` prop would ask for a log-delivery ACL.
   */
  private logAccesses(bucket: s3.Bucket, prefix: string): void {
    (bucket.node.defaultChild as s3.CfnBucket).loggingConfiguration = {
      destinationBucketName: this.accessLogsBucket.bucketName,
      logFilePrefix: prefix,
    };
    this.accessLogsBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('logging.s3.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [this.accessLogsBucket.arnForObjects(`${prefix}*`)],
        conditions: {
          ArnLike: { 'aws:SourceArn': bucket.bucketArn },
          StringEquals: { 'aws:SourceAccount': this.account },
        },
      }),
    );
  }
}
