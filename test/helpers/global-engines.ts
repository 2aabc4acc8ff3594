import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '#local/dynamodb-local';
import { startS3Fake } from '#local/s3-fake';
import { LOCAL_BUCKETS } from '#local/start-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    engines: { dynamodbEndpoint: string; s3Endpoint: string };
  }
}

/**
 * One DynamoDB Local and one S3 fake for the whole integration run; each test file starts its own
 * API on them with a table of its own, so files run in parallel without seeing each other's data.
 */
export default async function setup(project: TestProject) {
  const [dynamo, s3] = await Promise.all([
    startDynamoDbLocal(),
    startS3Fake({ buckets: Object.values(LOCAL_BUCKETS) }),
  ]);
  project.provide('engines', { dynamodbEndpoint: dynamo.endpoint, s3Endpoint: s3.endpoint });
  return async () => {
    await Promise.all([dynamo.stop(), s3.stop()]);
  };
}
