import { GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';

/**
 * Counts the bytes every S3 client of the process reads (object bodies got) and writes (objects and
 * parts put) from now on: the service's buckets are reached only through S3 clients.
 */
export function meterS3() {
  const counted = { read: 0, written: 0 };
  const send = S3Client.prototype.send;
  const sizeOf = (body: unknown) =>
    typeof body === 'string' ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : 0;
  S3Client.prototype.send = async function metered(this: S3Client, command: unknown, ...rest: unknown[]) {
    if (command instanceof PutObjectCommand || command instanceof UploadPartCommand)
      counted.written += sizeOf(command.input.Body);
    const output = await (send as (...args: unknown[]) => Promise<unknown>).call(this, command, ...rest);
    if (command instanceof GetObjectCommand)
      counted.read += Number((output as { ContentLength?: number }).ContentLength ?? 0);
    return output;
  } as typeof send;
  return {
    reset() {
      counted.read = 0;
      counted.written = 0;
    },
    bytes: () => ({ ...counted }),
  };
}
