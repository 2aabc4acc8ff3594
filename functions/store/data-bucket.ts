import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsCommand,
  NoSuchKey,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import type { Bucket } from '#platform/aws-endpoints';
import { objectWriter } from '#platform/object-writer';
import type { ObjectStore } from './object-store.ts';

/** The content type of JSON Lines objects in the data bucket. */
export const JSON_LINES = 'application/x-ndjson; charset=utf-8';

/** An object of the data bucket written piece by piece: it is there, whole, only once `finish` resolved. */
export interface DataObjectWriter {
  write(text: string): Promise<void>;
  finish(): Promise<void>;
  /** Gives the object up: parts already sent are removed, the object as before. */
  abort(): Promise<void>;
}

/** Objects of the data bucket as text: catalogs, URL lists and the batches of scrape runs. */
export interface DataBucket {
  putDataObject(key: string, body: string, contentType: string): Promise<void>;
  /** The object's text, or null when there is no such object. */
  getDataObject(key: string): Promise<string | null>;
  /** Every key under the prefix, ascending. */
  listDataKeys(prefix: string): Promise<string[]>;
  /** The data bucket as the price history's object store. */
  dataBucketObjects: ObjectStore;
  /** A writer of the object under `key`, whole or not at all (see `objectWriter`). */
  dataObjectWriter(key: string, contentType: string): DataObjectWriter;
}

/** The data bucket's objects in `bucket`, whose client and name are read only when an object is. */
export function dataBucketOf(bucket: Bucket): DataBucket {
  async function putDataObject(key: string, body: string, contentType: string): Promise<void> {
    const bytes = Buffer.from(body, 'utf-8');
    await bucket.client.send(
      new PutObjectCommand({
        Bucket: bucket.name,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
      }),
    );
  }

  async function getDataObject(key: string): Promise<string | null> {
    try {
      const { Body } = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.name, Key: key }));
      return Body ? await Body.transformToString('utf-8') : null;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  /**
   * A page of 1,000 at a time, by marker (the last key seen): the local S3 fake cannot make
   * ListObjectsV2 continuation tokens on current Node versions.
   */
  async function listDataKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let truncated = true;
    while (truncated) {
      const page = await bucket.client.send(
        new ListObjectsCommand({ Bucket: bucket.name, Prefix: prefix, Marker: keys.at(-1) }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      truncated = page.IsTruncated === true && (page.Contents?.length ?? 0) > 0;
    }
    return keys;
  }

  return {
    putDataObject,
    getDataObject,
    listDataKeys,
    dataBucketObjects: {
      put: (key, body) => putDataObject(key, body, JSON_LINES),
      get: getDataObject,
      list: listDataKeys,
      delete: async (key) => {
        await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.name, Key: key }));
      },
    },
    dataObjectWriter(key, contentType) {
      const writer = objectWriter({ client: bucket.client, bucket: bucket.name, key, contentType });
      return {
        write: (text) => writer.write(text),
        finish: async () => {
          await writer.finish();
        },
        abort: () => writer.abort(),
      };
    },
  };
}
