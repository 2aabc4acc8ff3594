import type { Stack } from 'aws-cdk-lib';
import { NagSuppressions } from 'cdk-nag';
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
        'The list-cursor signing key guards only page positions of lists the caller may read anyway; a new value would merely end paging under way, so it is replaced by redeploying, not rotated.',
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
}
