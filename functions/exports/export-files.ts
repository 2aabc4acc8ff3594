import {
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Unavailable } from '#core/problem';
import { s3ClientConfig } from '#platform/aws-endpoints';
import { setting } from '#platform/config';
import { logError } from '#platform/log';
import type { ExportFormat } from './export-formats.ts';

const s3 = new S3Client(s3ClientConfig());
const bucket = setting('EXPORTS_BUCKET');

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** Where a file lives: the dataset's folder, then the website (`all`) or `jobs/<job_id>`. */
export const exportObjectKey = (
  projectId: string,
  dataset: string,
  scope: { websiteId: string | null; jobId: string | null },
  format: ExportFormat,
) =>
  `exports/${projectId}/${dataset}/${scope.jobId ? `jobs/${scope.jobId}` : (scope.websiteId ?? 'all')}.${format}`;

// Lines are gathered into chunks of about this many characters, so a 100,000-row file is a few
// hundred buffers rather than one buffer per line or one giant string.
const CHUNK_CHARACTERS = 256 * 1024;

/**
 * Every S3 failure of the exports bucket (outage, missing bucket, no permission) is the spec's 503
 * "maintenance on exports" to the caller; the cause goes to the log.
 */
async function exportsBucketCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    logError(`exports bucket: ${what} failed`, error);
    throw Unavailable('EXPORTS_MAINTENANCE', 'Export files cannot be served right now; try again shortly.');
  }
}

/** Writes a file from its lines and gives its size in bytes. */
export async function putExportFile(
  key: string,
  lines: Iterable<string>,
  fileName: string,
  format: ExportFormat,
): Promise<number> {
  const chunks: Buffer[] = [];
  let pending: string[] = [];
  let pendingLength = 0;
  for (const line of lines) {
    pending.push(line);
    pendingLength += line.length;
    if (pendingLength >= CHUNK_CHARACTERS) {
      chunks.push(Buffer.from(pending.join(''), 'utf8'));
      pending = [];
      pendingLength = 0;
    }
  }
  chunks.push(Buffer.from(pending.join(''), 'utf8'));
  const body = Buffer.concat(chunks);
  await exportsBucketCall('put', () =>
    s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentType: CONTENT_TYPES[format],
        // A browser following the presigned URL saves the file under a name that says what it is.
        ContentDisposition: `attachment; filename="${fileName}"`,
      }),
    ),
  );
  return body.byteLength;
}

/** Whether the file is there: the bucket's lifecycle removes old files, which are then rebuilt. */
export async function exportFileExists(key: string): Promise<boolean> {
  return exportsBucketCall('head', async () => {
    try {
      await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return false;
      throw error;
    }
  });
}

/** A GET URL of the file that anyone holding it may use until it expires. */
export function presignExportFile(key: string, expiresInSeconds: number): Promise<string> {
  return exportsBucketCall('presign', () =>
    getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: expiresInSeconds }),
  );
}
