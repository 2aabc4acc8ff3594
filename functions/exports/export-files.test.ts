import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { exportFilesIn } from './export-files.ts';

const s3 = mockClient(S3Client);
const { exportFileWriter } = exportFilesIn({ client: new S3Client({}), name: 'unit-exports' });

afterEach(() => {
  s3.reset();
});

/** A line of 1 MiB: eight fill one part. */
const MIB_LINE = `${'x'.repeat(1024 * 1024 - 1)}\n`;

async function write(lines: number): Promise<number> {
  const writer = exportFileWriter('exports/prj/price_history/all.csv', 'price_history-prj.csv', 'csv');
  for (let i = 0; i < lines; i++) await writer.write(MIB_LINE);
  return writer.finish();
}

describe('export file writer', () => {
  it('puts a file smaller than one part as one object, named for the browser', async () => {
    s3.on(PutObjectCommand).resolves({});
    expect(await write(3)).toBe(3 * 1024 * 1024);
    const [put] = s3.commandCalls(PutObjectCommand);
    expect(put?.args[0].input).toMatchObject({
      Bucket: 'unit-exports',
      Key: 'exports/prj/price_history/all.csv',
      ContentType: 'text/csv; charset=utf-8',
      ContentDisposition: 'attachment; filename="price_history-prj.csv"',
    });
    expect(s3.commandCalls(CreateMultipartUploadCommand)).toHaveLength(0);
  });

  it('sends a larger file in parts as they fill, and completes it with every part in order', async () => {
    s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'up-1' });
    s3.on(UploadPartCommand).callsFake((input) => ({ ETag: `"etag-${input.PartNumber}"` }));
    s3.on(CompleteMultipartUploadCommand).resolves({});
    expect(await write(19)).toBe(19 * 1024 * 1024);
    const sizes = s3
      .commandCalls(UploadPartCommand)
      .map((call) => (call.args[0].input.Body as Buffer).byteLength / (1024 * 1024));
    expect(sizes).toEqual([8, 8, 3]);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
    const [complete] = s3.commandCalls(CompleteMultipartUploadCommand);
    expect(complete?.args[0].input).toMatchObject({
      UploadId: 'up-1',
      MultipartUpload: {
        Parts: [
          { ETag: '"etag-1"', PartNumber: 1 },
          { ETag: '"etag-2"', PartNumber: 2 },
          { ETag: '"etag-3"', PartNumber: 3 },
        ],
      },
    });
  });

  it('gives the upload up when a part fails, and answers that exports are under maintenance', async () => {
    s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'up-2' });
    s3.on(UploadPartCommand).resolvesOnce({ ETag: '"etag-1"' }).rejects(new Error('slow down'));
    s3.on(AbortMultipartUploadCommand).resolves({});
    await expect(write(17)).rejects.toMatchObject({ code: 'EXPORTS_MAINTENANCE', status: 503 });
    expect(s3.commandCalls(AbortMultipartUploadCommand)[0]?.args[0].input).toMatchObject({
      UploadId: 'up-2',
    });
    expect(s3.commandCalls(CompleteMultipartUploadCommand)).toHaveLength(0);
  });

  it('removes the parts sent when the file is given up before it is finished', async () => {
    s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'up-3' });
    s3.on(UploadPartCommand).resolves({ ETag: '"etag"' });
    s3.on(AbortMultipartUploadCommand).resolves({});
    const writer = exportFileWriter(
      'exports/prj/price_history/all.jsonl',
      'price_history-prj.jsonl',
      'jsonl',
    );
    for (let i = 0; i < 9; i++) await writer.write(MIB_LINE);
    await writer.abort();
    expect(s3.commandCalls(AbortMultipartUploadCommand)).toHaveLength(1);
  });
});
