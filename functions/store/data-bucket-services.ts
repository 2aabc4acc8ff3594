import { setting } from '#platform/config';
import { stageBucket } from '#platform/s3-services';
import { dataBucketOf } from './data-bucket.ts';

/** The stage's data bucket (`DATA_BUCKET`), the one the store modules and capabilities use. */
export const { putDataObject, getDataObject, listDataKeys, dataBucketObjects, dataObjectWriter } =
  dataBucketOf(stageBucket(() => setting('DATA_BUCKET')));
