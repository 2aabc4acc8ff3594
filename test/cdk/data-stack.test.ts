import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { TABLE_KEYS } from '#store/table-definition';
import { stageConfigs } from '../../lib/stage-config.ts';
import { FIXTURE_JOBS, resourcesOf, synthStage } from './synth-stage.ts';

describe('data stack', () => {
  const dev = Template.fromStack(synthStage('dev', FIXTURE_JOBS).data);
  const prod = Template.fromStack(synthStage('prod', FIXTURE_JOBS).data);

  it('holds the single table of table-definition.ts, on demand, with PITR and TTL', () => {
    dev.resourceCountIs('AWS::DynamoDB::Table', 1);
    dev.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: 'product-data-dev',
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.timeToLive, Enabled: true },
      GlobalSecondaryIndexes: TABLE_KEYS.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('logs every access to the data and exports buckets into the access-log bucket', () => {
    for (const template of [dev, prod]) {
      const buckets = resourcesOf(template, 'AWS::S3::Bucket');
      const [logsId] = buckets.find(([id]) => id.startsWith('AccessLogsBucket')) ?? [];
      expect(logsId).toBeDefined();
      for (const [id, bucket] of buckets) {
        if (id === logsId) continue;
        expect(bucket.Properties.LoggingConfiguration, id).toEqual({
          DestinationBucketName: { Ref: logsId },
          LogFilePrefix: id.startsWith('DataBucket') ? 'data/' : 'exports/',
        });
      }
    }
  });

  it('keeps every bucket private, encrypted and reachable over TLS only', () => {
    for (const template of [dev, prod]) {
      // Data, exports, and the access-log bucket the other two log into.
      template.resourceCountIs('AWS::S3::Bucket', 3);
      template.allResourcesProperties('AWS::S3::Bucket', {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      });
      const policies = resourcesOf(template, 'AWS::S3::BucketPolicy');
      expect(policies).toHaveLength(3);
      for (const [, policy] of policies) {
        expect(policy.Properties.PolicyDocument).toMatchObject({
          Statement: expect.arrayContaining([
            expect.objectContaining({
              Effect: 'Deny',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        });
      }
    }
  });

  it('expires exports and the data bucket’s noncurrent versions', () => {
    const [exportsBucket] = resourcesOf(prod, 'AWS::S3::Bucket').filter(([id]) =>
      id.startsWith('ExportsBucket'),
    );
    expect(exportsBucket?.[1].Properties.LifecycleConfiguration).toEqual({
      Rules: expect.arrayContaining([{ ExpirationInDays: 30, Status: 'Enabled' }]),
    });
    prod.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([{ NoncurrentVersionExpiration: { NoncurrentDays: 90 }, Status: 'Enabled' }]),
      },
    });
  });

  it('expires the scrape lane’s working objects and, after the stage’s retention, the price history; nothing else', () => {
    const [dataBucket] = resourcesOf(prod, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('DataBucket'));
    const lifecycle = dataBucket?.[1].Properties.LifecycleConfiguration as { Rules: object[] } | undefined;
    const expiring = lifecycle?.Rules.filter((rule) => 'ExpirationInDays' in rule);
    expect(expiring).toEqual([
      { Prefix: 'scrape-runs/', ExpirationInDays: 30, Status: 'Enabled' },
      { Prefix: 'history/', ExpirationInDays: stageConfigs.prod.historyRetentionDays, Status: 'Enabled' },
    ]);
  });

  it('retains the table and buckets in prod and lets dev go', () => {
    for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket']) {
      prod.allResources(type, { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
      dev.allResources(type, { DeletionPolicy: 'Delete' });
    }
    prod.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
  });
});
