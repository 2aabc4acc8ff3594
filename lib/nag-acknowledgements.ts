import type { Stack } from 'aws-cdk-lib';
import { NagSuppressions } from 'cdk-nag';
import { BUCKET_DEPLOYMENT_ID_PREFIX, CONSOLE_BUCKET_ID, CONSOLE_DISTRIBUTION_ID } from './console-stack.ts';
import { ACCESS_LOGS_BUCKET_ID } from './data-stack.ts';

/**
 * The AwsSolutions findings this service accepts, each with its reason. They are acknowledged per
 * stack and per finding (`appliesTo`), so a new kind of wildcard or a new rule still fails the
 * cdk-nag test (test/cdk/cdk-nag.test.ts).
 */
export function acknowledgeNagFindings(stack: Stack): void {
  NagSuppressions.addStackSuppressions(stack, [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'The list-cursor signing key guards only page positions of lists the caller may read anyway; a new value would merely end paging under way, so it is replaced by redeploying, not rotated. The crawl-proxy key seals the proxies stored in the table: a rotation would leave them unreadable until re-sealed, so it is replaced by a re-sealing migration, not by Secrets Manager rotation.',
    },
    {
      id: 'AwsSolutions-IAM4',
      reason:
        "AWS's basic Lambda execution role grants only the CloudWatch Logs writes every function needs for its own log group.",
      appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason:
        'X-Ray trace uploads and the CloudWatch Logs delivery of Step Functions support no resource-level permissions.',
      appliesTo: ['Resource::*'],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason: "Queries on the service table's own secondary indexes; no other table is reachable.",
      appliesTo: [{ regex: '/^Resource::.*Table[0-9A-F]{8}.*\\/index\\/\\*$/' }],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason:
        "Objects of the stage's data or exports bucket: keys are per customer and project, created at run time; the grant names the one bucket a function binds.",
      appliesTo: [
        { regex: '/^Resource::.*(DataBucket|ExportsBucket)[0-9A-F]{8}.*\\/\\*$/' },
        'Action::s3:List*',
        'Action::s3:GetObject*',
        'Action::s3:GetBucket*',
        'Action::s3:DeleteObject*',
        'Action::s3:Abort*',
      ],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason:
        "Executions of one lane's state machine (their ARNs exist only once started): describing, stopping, and a distributed map's child runs.",
      appliesTo: [{ regex: '/^Resource::arn:<AWS::Partition>:states:[^:]+:[^:]+:execution:.*$/' }],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason:
        'A state machine invokes the versions of its own task functions (the grant is per function ARN).',
      appliesTo: [{ regex: '/^Resource::<[A-Za-z0-9]+Task[0-9A-F]{8}\\.Arn>:\\*$/' }],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason:
        "Sending mail needs the SES identity; a condition on ses:FromAddress limits it to the stage's sender.",
      appliesTo: [{ regex: '/^Resource::arn:<AWS::Partition>:ses:[^:]+:[^:]+:identity\\/\\*$/' }],
    },
    {
      id: 'AwsSolutions-APIG4',
      reason:
        'Routes authenticate in the handler with the API keys of the interface contract (hashed lookup in the table, cached); the public routes (Stripe webhook, local checkout, OpenAPI) need no credential.',
    },
    {
      id: 'AwsSolutions-SF1',
      reason:
        "Lanes log at ERROR level: ALL would copy every state's input and output (customers' catalogs and matches) into the logs; executions are also traced in X-Ray.",
    },
  ]);
  // The data and exports buckets log their accesses into the access-log bucket; that one alone does not.
  const accessLogs = stack.node.tryFindChild(ACCESS_LOGS_BUCKET_ID);
  if (accessLogs)
    NagSuppressions.addResourceSuppressions(accessLogs, [
      {
        id: 'AwsSolutions-S1',
        reason:
          'This is the access-log bucket: logging its own accesses into itself would log each log delivery.',
      },
    ]);
  acknowledgeConsoleFindings(stack);
}

/** The console stack's distribution, its static-file bucket and the function that fills it. */
function acknowledgeConsoleFindings(stack: Stack): void {
  const distribution = stack.node.tryFindChild(CONSOLE_DISTRIBUTION_ID);
  if (distribution)
    NagSuppressions.addResourceSuppressions(distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Customers use the console from any country; the API answers only callers with an API key.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'Requests to the API are limited per API key (token bucket) and by the stage throttle; the console paths serve static files only.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason:
          "API requests are logged by the API stage's access log; the console paths serve the same static files to everyone and carry no data.",
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          "The distribution uses CloudFront's default certificate, with which the minimum TLS version cannot be chosen; a stage with its own domain and certificate sets it.",
      },
    ]);
  const bucket = stack.node.tryFindChild(CONSOLE_BUCKET_ID);
  if (bucket)
    NagSuppressions.addResourceSuppressions(bucket, [
      {
        id: 'AwsSolutions-S1',
        reason:
          "The bucket holds only the console's static files, rebuilt on every deploy, and is read only by the distribution (origin access control).",
      },
    ]);
  for (const child of stack.node.children) {
    if (!child.node.id.startsWith(BUCKET_DEPLOYMENT_ID_PREFIX)) continue;
    NagSuppressions.addResourceSuppressions(
      child,
      [
        { id: 'AwsSolutions-L1', reason: "CDK's BucketDeployment chooses its own function's runtime." },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            "CDK's BucketDeployment copies the console's files from the CDK asset bucket into the console bucket; object keys are the files' names.",
          appliesTo: [
            { regex: '/^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-.*\\/\\*$/' },
            { regex: '/^Resource::<ConsoleBucket[0-9A-F]{8}\\.Arn>\\/\\*$/' },
          ],
        },
      ],
      true,
    );
  }
}
