import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { accountingError, accountingUnavailable } from './accounting.ts';
import type { InvoiceFiles } from './in-house-accounting.ts';

// Errors that mean our own setup is wrong (no bucket, no permission), not a passing S3 failure.
const CONFIGURATION_ERRORS = new Set([
  'NoSuchBucket',
  'AccessDenied',
  'InvalidAccessKeyId',
  'CredentialsProviderError',
]);

/** Invoice PDFs as objects of the data bucket. */
export class S3InvoiceFiles implements InvoiceFiles {
  readonly #s3: S3Client;
  readonly #bucket: string;

  constructor(s3: S3Client, bucket: string) {
    this.#s3 = s3;
    this.#bucket = bucket;
  }

  async put(key: string, pdf: Uint8Array): Promise<void> {
    await this.#call(() =>
      this.#s3.send(
        new PutObjectCommand({ Bucket: this.#bucket, Key: key, Body: pdf, ContentType: 'application/pdf' }),
      ),
    );
  }

  async get(key: string): Promise<Uint8Array | null> {
    return this.#call(async () => {
      try {
        const { Body } = await this.#s3.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key }));
        return Body ? await Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    });
  }

  async #call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Error && CONFIGURATION_ERRORS.has(error.name))
        throw accountingUnavailable(undefined, error);
      throw accountingError(undefined, error);
    }
  }
}
