import { S3Client } from '@aws-sdk/client-s3';
import { type Bucket, s3ClientConfig } from './aws-endpoints.ts';
import { onFirstUse, setting } from './config.ts';

/** The S3 client of the cold start, at the local S3 fake when `S3_ENDPOINT` names one. */
export const s3Client = onFirstUse(() => new S3Client(s3ClientConfig(setting('S3_ENDPOINT'))));

/**
 * A bucket of the stage, handed to the modules that use it: its client and its name (`nameSetting`,
 * which reads the bucket's variable) are read when first asked for, so wiring it reads nothing.
 */
export function stageBucket(nameSetting: () => string): Bucket {
  const name = onFirstUse(nameSetting);
  return {
    get client() {
      return s3Client();
    },
    get name() {
      return name();
    },
  };
}
