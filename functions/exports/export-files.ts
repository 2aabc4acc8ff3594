import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Unavailable } from '#core/problem';
import type { Bucket } from '#platform/aws-endpoints';
import { logError } from '#platform/log';
import { objectWriter } from '#platform/object-writer';
import type { ExportFormat } from './export-formats.ts';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  parquet: 'application/vnd.apache.parquet',
};

/** Where a file lives: the dataset's folder, then the website (`all`) or `jobs/<job_id>`. */
export const exportObjectKey = (
  projectId: string,
  dataset: string,
  scope: { websiteId: string | null; jobId: string | null },
  format: ExportFormat,
) =>
  `exports/${projectId}/${dataset}/${scope.jobId ? `jobs/${scope.jobId}` : (scope.websiteId ?? 'all')}.${format}`;

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

/** A file written line by line (or chunk by chunk) as its rows are made; `finish` gives its size in bytes. */
export interface ExportFileWriter {
  write(chunk: string | Uint8Array): Promise<void>;
  /** Sends what is left and completes the file; it is there only once this has resolved. */
  finish(): Promise<number>;
  /** Gives the file up: parts already sent are removed. */
  abort(): Promise<void>;
}

/** The export files of a bucket: writing, finding, reading and linking them. */
export interface ExportFiles {
  exportFileWriter(key: string, fileName: string, format: ExportFormat): ExportFileWriter;
  exportFileExists(key: string): Promise<boolean>;
  readExportFile(key: string): Promise<string>;
  presignExportFile(key: string, expiresInSeconds: number): Promise<string>;
  exportFileLines(key: string): AsyncGenerator<string>;
}

/** The export files in `bucket`, whose client and name are read only when a file is. */
export function exportFilesIn(bucket: Bucket): ExportFiles {
  /**
   * A writer of the file under `key`. A file smaller than one part is one PUT; a larger one is a
   * multipart upload whose parts go up as they fill, abandoned (its parts removed) when a part or the
   * completion fails, so no half file is ever served.
   */
  function exportFileWriter(key: string, fileName: string, format: ExportFormat): ExportFileWriter {
    return objectWriter({
      client: bucket.client,
      bucket: bucket.name,
      key,
      contentType: CONTENT_TYPES[format],
      // A browser following the presigned URL saves the file under a name that says what it is.
      contentDisposition: `attachment; filename="${fileName}"`,
      call: exportsBucketCall,
      abortFailed: (error) => logError('exports bucket: abort failed', error, { key }),
    });
  }

  /** Whether the file is there: the bucket's lifecycle removes old files, which are then rebuilt. */
  async function exportFileExists(key: string): Promise<boolean> {
    return exportsBucketCall('head', async () => {
      try {
        await bucket.client.send(new HeadObjectCommand({ Bucket: bucket.name, Key: key }));
        return true;
      } catch (error) {
        if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return false;
        throw error;
      }
    });
  }

  /** The file's text, for a route that answers its rows itself rather than a link. */
  function readExportFile(key: string): Promise<string> {
    return exportsBucketCall('get', async () => {
      const { Body } = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.name, Key: key }));
      return (await Body?.transformToString('utf8')) ?? '';
    });
  }

  /** A GET URL of the file that anyone holding it may use until it expires. */
  function presignExportFile(key: string, expiresInSeconds: number): Promise<string> {
    return exportsBucketCall('presign', () =>
      getSignedUrl(bucket.client, new GetObjectCommand({ Bucket: bucket.name, Key: key }), {
        expiresIn: expiresInSeconds,
      }),
    );
  }

  /**
   * The lines of a file as they come from the bucket, without their line breaks: a project's file is
   * composed from its websites' files this way, none of them held whole. None when the file is gone.
   */
  async function* exportFileLines(key: string): AsyncGenerator<string> {
    const body = await exportsBucketCall('get', async () => {
      try {
        return (await bucket.client.send(new GetObjectCommand({ Bucket: bucket.name, Key: key }))).Body as
          | Readable
          | undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    });
    if (!body) return;
    for await (const line of createInterface({ input: body, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (line !== '') yield line;
    }
  }

  return { exportFileWriter, exportFileExists, readExportFile, presignExportFile, exportFileLines };
}
