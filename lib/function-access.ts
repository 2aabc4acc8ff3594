import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { SettingName } from '#platform/config';
import type { Access } from '#platform/routes';

/**
 * The grants every kind of the service's functions shares (bundled zips and the browser's image):
 * each sets the variable the handler reads and grants only the access asked for.
 */
export function grantTable(fn: lambda.Function, table: ITable, access: Access): void {
  fn.addEnvironment('TABLE_NAME' satisfies SettingName, table.tableName);
  if (access === 'RW') table.grantReadWriteData(fn);
  else table.grantReadData(fn);
}

export function grantBucket(
  fn: lambda.Function,
  bucket: IBucket,
  variable: SettingName,
  access: Access,
): void {
  fn.addEnvironment(variable, bucket.bucketName);
  if (access === 'RW') bucket.grantReadWrite(fn);
  else bucket.grantRead(fn);
}

/** The key that seals (the project route) or opens (the crawl tasks) projects' crawl proxies: read only. */
export function grantCrawlProxyKey(fn: lambda.Function, key: ISecret): void {
  fn.addEnvironment('CRAWL_PROXY_SECRET_ID' satisfies SettingName, key.secretArn);
  key.grantRead(fn);
}

/** RO may look at executions; RW may also start and stop them. */
export function grantStateMachine(
  fn: lambda.Function,
  machine: IStateMachine,
  variable: SettingName,
  access: Access,
): void {
  fn.addEnvironment(variable, machine.stateMachineArn);
  machine.grantRead(fn);
  if (access === 'RW') {
    machine.grantStartExecution(fn);
    machine.grantExecution(fn, 'states:StopExecution');
  }
}
