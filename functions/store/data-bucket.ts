import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { s3ClientConfig } from '#platform/aws-endpoints';
import { onFirstUse, setting } from '#platform/config';
import { objectWriter } from '#platform/object-writer';
import type { ObjectStore } from './object-store.ts';

/** The content type of JSON Lines objects in the data bucket. */
export const JSON_LINES = 'application/x-ndjson; charset=utf-8';

const s3 = onFirstUse(() => new S3Client(s3ClientConfig()));
const bucket = onFirstUse(() => setting('DATA_BUCKET'));

/** Objects of the data bucket as text: catalogs, URL lists and the batches of scrape runs. */
export async function putDataObject(key: string, body: string, contentType: string): Promise<void> {
  const bytes = Buffer.from(body, 'utf-8');
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket(),
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
    const { Body } = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return Body ? await Body.transformToString('utf-8') : null;
  } catch (error) {
    if (error instanceof NoSuchKey) return null;
    throw error;
  }
}

/**
 * Every key under the prefix, ascending, a page of 1,000 at a time. Paged by marker (the last key
 * seen): the local S3 fake cannot make ListObjectsV2 continuation tokens on current Node versions.
 */
export async function listDataKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let truncated = true;
  while (truncated) {
    const page = await s3().send(
      new ListObjectsCommand({ Bucket: bucket(), Prefix: prefix, Marker: keys.at(-1) }),
    );
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    truncated = page.IsTruncated === true && (page.Contents?.length ?? 0) > 0;
  }
  return keys;
}

/** The data bucket as the price history's object store. */
export const dataBucketObjects: ObjectStore = {
  put: (key, body) => putDataObject(key, body, JSON_LINES),
  get: getDataObject,
  list: listDataKeys,
  delete: async (key) => {
    await s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
  },
};

/** An object of the data bucket written piece by piece: it is there, whole, only once `finish` resolved. */
export interface DataObjectWriter {
  write(text: string): Promise<void>;
  finish(): Promise<void>;
  /** Gives the object up: parts already sent are removed, the object as before. */
  abort(): Promise<void>;
}

/** A writer of the data bucket's object under `key`, whole or not at all (see `objectWriter`). */
export function dataObjectWriter(key: string, contentType: string): DataObjectWriter {
  const writer = objectWriter({ client: s3(), bucket: bucket(), key, contentType });
  return {
    write: (text) => writer.write(text),
    finish: async () => {
      await writer.finish();
    },
    abort: () => writer.abort(),
  };
}
