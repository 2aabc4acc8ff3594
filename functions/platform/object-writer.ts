import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';

/** Characters (or bytes) gathered before a part goes up: well above S3's 5 MiB smallest part. */
const PART_SIZE = 8 * 1024 * 1024;

/** An object written chunk by chunk as its content is made. */
export interface ObjectWriter {
  write(chunk: string | Uint8Array): Promise<void>;
  /** Sends what is left and completes the object, which is there only once this has resolved; gives its bytes. */
  finish(): Promise<number>;
  /** Gives the object up: parts already sent are removed, the object as before. */
  abort(): Promise<void>;
}

/** Where an object goes and how its bucket's calls are run. */
export interface ObjectTarget {
  client: S3Client;
  bucket: string;
  key: string;
  contentType: string;
  contentDisposition?: string;
  /** Runs one bucket call (`step` names it), mapping its failure as the bucket's owner does. */
  call?: <T>(step: string, send: () => Promise<T>) => Promise<T>;
  /** Told when an abort fails; the bucket's lifecycle removes what it leaves behind. */
  abortFailed?: (error: unknown) => void;
}

/**
 * A writer of one object: one PUT while it is smaller than a part, else a multipart upload whose
 * parts go up as they fill, abandoned when a part or the completion fails, so a reader never sees
 * half an object.
 */
export function objectWriter(target: ObjectTarget): ObjectWriter {
  const { client, bucket, key } = target;
  const call = target.call ?? (<T>(_step: string, send: () => Promise<T>) => send());
  const headers = { ContentType: target.contentType, ContentDisposition: target.contentDisposition };
  let pending: (string | Uint8Array)[] = [];
  let pendingLength = 0;
  let bytes = 0;
  let uploadId: string | undefined;
  const parts: CompletedPart[] = [];
  const takePending = () => {
    const body = Buffer.concat(
      pending.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk)),
    );
    pending = [];
    pendingLength = 0;
    bytes += body.byteLength;
    return body;
  };
  const abort = async () => {
    if (uploadId === undefined) return;
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
      .catch((error) => target.abortFailed?.(error));
  };
  const abandoning = async <T>(send: () => Promise<T>): Promise<T> => {
    try {
      return await send();
    } catch (error) {
      // The cause is the first error, not the abort's.
      await abort();
      throw error;
    }
  };
  const sendPart = (body: Buffer) =>
    call('upload part', () =>
      abandoning(async () => {
        uploadId ??= (
          await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ...headers }))
        ).UploadId;
        const PartNumber = parts.length + 1;
        const { ETag } = await client.send(
          new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }),
        );
        parts.push({ ETag, PartNumber });
      }),
    );
  return {
    async write(chunk) {
      pending.push(chunk);
      pendingLength += typeof chunk === 'string' ? chunk.length : chunk.byteLength;
      if (pendingLength >= PART_SIZE) await sendPart(takePending());
    },
    async finish() {
      if (uploadId === undefined) {
        const body = takePending();
        await call('put', () =>
          client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: key,
              Body: body,
              ContentLength: body.length,
              ...headers,
            }),
          ),
        );
        return bytes;
      }
      if (pendingLength > 0) await sendPart(takePending());
      await call('complete upload', () =>
        abandoning(() =>
          client.send(
            new CompleteMultipartUploadCommand({
              Bucket: bucket,
              Key: key,
              UploadId: uploadId,
              MultipartUpload: { Parts: parts },
            }),
          ),
        ),
      );
      return bytes;
    },
    abort,
  };
}
