import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { describe, expect, it } from 'vitest';
import { CONSOLE_CONTENT_SECURITY_POLICY } from '../../console/build-console.ts';
import { ConsoleStack } from '../../lib/console-stack.ts';
import { stageConfigs } from '../../lib/stage-config.ts';
import { resourcesOf, testApp } from './synth-stage.ts';

/** The console stack beside a bare HTTP API, its asset not bundled (console-build.test.ts builds it). */
function consoleTemplate() {
  const app = testApp({ context: { 'aws:cdk:bundling-stacks': [] } });
  const config = stageConfigs.test;
  const apiStack = new Stack(app, 'pds-test-api', { env: config.env });
  const api = new apigwv2.HttpApi(apiStack, 'HttpApi');
  const stack = new ConsoleStack(app, 'pds-test-console', { env: config.env, stage: 'test', config, api });
  return { template: Template.fromStack(stack), api: Template.fromStack(apiStack) };
}

describe('console stack', () => {
  const { template, api } = consoleTemplate();

  it('serves the console from a private bucket through CloudFront with origin access control', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'console/',
      DistributionPaths: ['/console*'],
    });
  });

  it('puts the API on the same origin under /v1, uncached and with every method, so no CORS is needed', () => {
    const [[, distribution]] = resourcesOf(template, 'AWS::CloudFront::Distribution') as [[string, any]];
    const config = distribution.Properties.DistributionConfig;
    const [apiBehavior] = config.CacheBehaviors;
    expect(config.CacheBehaviors).toHaveLength(1);
    expect(apiBehavior).toMatchObject({
      PathPattern: '/v1/*',
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      // AWS's managed CachingDisabled and AllViewerExceptHostHeader policies.
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
    });
    const apiOrigin = config.Origins.find((origin: any) => origin.Id === apiBehavior.TargetOriginId);
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('HttpApi');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    api.resourcePropertiesCountIs('AWS::ApiGatewayV2::Api', { CorsConfiguration: Match.anyValue() }, 0);
  });

  it("sends the console's content security policy and refuses framing", () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: { ContentSecurityPolicy: CONSOLE_CONTENT_SECURITY_POLICY, Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
        }),
      },
    });
  });

  it('rewrites /console and /console/ to the page and leaves other paths alone', () => {
    const [[, fn]] = resourcesOf(template, 'AWS::CloudFront::Function') as [[string, any]];
    const run = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: unknown) => {
      uri: string;
    };
    const uriOf = (uri: string) => run({ request: { uri } }).uri;
    expect(uriOf('/console')).toBe('/console/index.html');
    expect(uriOf('/console/')).toBe('/console/index.html');
    expect(uriOf('/console/app.js')).toBe('/console/app.js');
  });
});
