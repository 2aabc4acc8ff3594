import {
  AssetHashType,
  CfnOutput,
  DockerImage,
  Duration,
  Fn,
  RemovalPolicy,
  Stack,
  type StackProps,
} from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { API_VERSION } from '#platform/routes';
import { CONSOLE_CONTENT_SECURITY_POLICY, CONSOLE_PATH, writeConsole } from '../console/build-console.ts';
import type { Stage, StageConfig } from './stage-config.ts';

/** Construct ids the cdk-nag acknowledgements name (lib/nag-acknowledgements.ts). */
export const CONSOLE_BUCKET_ID = 'ConsoleBucket';
export const CONSOLE_DISTRIBUTION_ID = 'Console';
/** The singleton function CDK's BucketDeployment adds to the stack copies the files into the bucket. */
export const BUCKET_DEPLOYMENT_ID_PREFIX = 'Custom::CDKBucketDeployment';

export interface ConsoleStackProps extends StackProps {
  stage: Stage;
  config: StageConfig;
  api: apigwv2.IHttpApi;
}

/** `/console` and `/console/` are the console's page; CloudFront has no default object below the root. */
const PAGE_REWRITE = `function handler(event) {
  var request = event.request;
  if (request.uri === '${CONSOLE_PATH}' || request.uri === '${CONSOLE_PATH}/') request.uri = '${CONSOLE_PATH}/index.html';
  return request;
}`;

/**
 * The console on the API's origin: one CloudFront distribution serves the console's static files
 * from a private bucket (origin access control) at `/console` and passes `/v1/*` to the HTTP API
 * uncached, so the console calls the API on its own origin and no CORS is opened to anyone.
 */
export class ConsoleStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: ConsoleStackProps) {
    super(scope, id, props);
    const { config, stage } = props;
    const destroyable = config.removalPolicy === RemovalPolicy.DESTROY;
    // The console's files are rebuilt from the repository on every deploy, so nothing here needs keeping.
    this.bucket = new s3.Bucket(this, CONSOLE_BUCKET_ID, {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: destroyable,
    });
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'ConsoleHeaders', {
      comment: `pds-${stage} console: CSP, no framing, no referrer`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: CONSOLE_CONTENT_SECURITY_POLICY, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
      },
    });
    const apiHost = Fn.select(2, Fn.split('/', props.api.apiEndpoint));
    this.distribution = new cloudfront.Distribution(this, CONSOLE_DISTRIBUTION_ID, {
      comment: `Product-data service ${stage}: console and API on one origin`,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'ConsolePage', {
              code: cloudfront.FunctionCode.fromInline(PAGE_REWRITE),
              runtime: cloudfront.FunctionRuntime.JS_2_0,
            }),
          },
        ],
      },
      additionalBehaviors: {
        [`/${API_VERSION}/*`]: {
          origin: new origins.HttpOrigin(apiHost, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Every header but Host (API Gateway routes by its own host), so the API key reaches the API.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
    });
    new s3deploy.BucketDeployment(this, 'ConsoleFiles', {
      sources: [
        s3deploy.Source.asset('console', {
          // The bundle depends on more than console/ (the typed client, core tables): hash what is built.
          assetHashType: AssetHashType.OUTPUT,
          bundling: {
            image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:24'),
            local: {
              tryBundle(outputDir) {
                writeConsole(outputDir);
                return true;
              },
            },
          },
        }),
      ],
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${CONSOLE_PATH.slice(1)}/`,
      distribution: this.distribution,
      distributionPaths: [`${CONSOLE_PATH}*`],
      memoryLimit: 256,
    });
    new CfnOutput(this, 'ConsoleUrl', {
      value: `https://${this.distribution.distributionDomainName}${CONSOLE_PATH}`,
    });
    new CfnOutput(this, 'ConsoleBaseUrl', {
      value: `https://${this.distribution.distributionDomainName}/${API_VERSION}`,
    });
  }
}
