import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { s3ClientConfig } from '#platform/aws-endpoints';
import { setting } from '#platform/config';

const s3 = new S3Client(s3ClientConfig());
const bucket = setting('DATA_BUCKET');

/** Objects of the data bucket as text: catalogs, URL lists and the batches of scrape runs. */
export async function putDataObject(key: string, body: string, contentType: string): Promise<void> {
  const bytes = Buffer.from(body, 'utf-8');
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: bytes,
      ContentLength: bytes.length,
      ContentType: contentType,
    }),
  );
}

/** The object's text, or null when there is no such object. */
export async function getDataObject(key: string): Promise<string | null> {
  try {
    const { Body } = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Body ? await Body.transformToString('utf-8') : null;
  } catch (error) {
    if (error instanceof NoSuchKey) return null;
    throw error;
  }
}
