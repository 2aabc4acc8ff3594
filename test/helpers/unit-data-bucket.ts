import { S3Client } from '@aws-sdk/client-s3';
import { dataBucketOf } from '#store/data-bucket';

/**
 * The data bucket wiring unit tests put in place of `#store/data-bucket-services`
 * (`vi.mock('#store/data-bucket-services', () => import('#test/unit-data-bucket'))`): a client that
 * aws-sdk-client-mock answers for and a bucket name of their own, so no test sets DATA_BUCKET.
 */
export const UNIT_DATA_BUCKET = 'unit-data';

export const { putDataObject, getDataObject, listDataKeys, dataBucketObjects, dataObjectWriter } =
  dataBucketOf({
    client: new S3Client({}),
    name: UNIT_DATA_BUCKET,
  });
