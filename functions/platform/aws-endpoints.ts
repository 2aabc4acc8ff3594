import { setting } from './config.ts';

/**
 * Client settings: in AWS the SDK's defaults; locally, the loopback endpoints of DynamoDB Local and
 * the S3 fake with throwaway credentials. Only these settings differ between the two.
 */
export function dynamoClientConfig() {
  const endpoint = setting('DYNAMODB_ENDPOINT');
  return endpoint ? { endpoint, region: 'local', credentials: LOCAL_CREDENTIALS } : {};
}

export function s3ClientConfig() {
  const endpoint = setting('S3_ENDPOINT');
  return endpoint ? { endpoint, region: 'local', forcePathStyle: true, credentials: LOCAL_CREDENTIALS } : {};
}

const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
