import type { S3Client } from '@aws-sdk/client-s3';

/**
 * Client settings: in AWS (no endpoint) the SDK's defaults; locally, the loopback endpoint of
 * DynamoDB Local or of the S3 fake with throwaway credentials. Only these settings differ between the two.
 */
export function dynamoClientConfig(endpoint: string | undefined) {
  return endpoint ? { endpoint, region: 'local', credentials: LOCAL_CREDENTIALS } : {};
}

export function s3ClientConfig(endpoint: string | undefined) {
  return endpoint ? { endpoint, region: 'local', forcePathStyle: true, credentials: LOCAL_CREDENTIALS } : {};
}

const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A bucket as the modules that use it are given it: its client and its name. */
export interface Bucket {
  readonly client: S3Client;
  readonly name: string;
}
