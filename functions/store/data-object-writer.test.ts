import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataObjectWriter } from './data-bucket-services.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
vi.mock('#store/data-bucket-services', () => import('#test/unit-data-bucket'));
const s3 = mockClient(S3Client);

afterEach(() => {
  s3.reset();
});

/** A line of 1 MiB: eight fill one part. */
const MIB_LINE = `${'x'.repeat(1024 * 1024 - 1)}\n`;

describe('data object writer', () => {
  it('puts an object smaller than one part whole, and sends a larger one in parts as they fill', async () => {
    s3.on(PutObjectCommand).resolves({});
    const small = dataObjectWriter('a.jsonl', 'application/x-ndjson');
    await small.write('{"a":1}\n');
    await small.finish();
    expect(s3.commandCalls(PutObjectCommand)[0]?.args[0].input).toMatchObject({ Key: 'a.jsonl' });

    s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'up-1' });
    s3.on(UploadPartCommand).callsFake((input) => ({ ETag: `"etag-${input.PartNumber}"` }));
    s3.on(CompleteMultipartUploadCommand).resolves({});
    const large = dataObjectWriter('b.jsonl', 'application/x-ndjson');
    for (let i = 0; i < 9; i++) await large.write(MIB_LINE);
    // The first part went up before the object was finished.
    expect(s3.commandCalls(UploadPartCommand)).toHaveLength(1);
    await large.finish();
    const sizes = s3
      .commandCalls(UploadPartCommand)
      .map((call) => (call.args[0].input.Body as Buffer).byteLength / (1024 * 1024));
    expect(sizes).toEqual([8, 1]);
    expect(s3.commandCalls(CompleteMultipartUploadCommand)[0]?.args[0].input.MultipartUpload?.Parts).toEqual([
      { ETag: '"etag-1"', PartNumber: 1 },
      { ETag: '"etag-2"', PartNumber: 2 },
    ]);
  });

  it('gives the upload up when a part fails, so no half object replaces the old one', async () => {
    s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'up-2' });
    s3.on(UploadPartCommand).rejects(new Error('bucket away'));
    s3.on(AbortMultipartUploadCommand).resolves({});
    const writer = dataObjectWriter('c.jsonl', 'application/x-ndjson');
    for (let i = 0; i < 7; i++) await writer.write(MIB_LINE);
    await expect(writer.write(MIB_LINE)).rejects.toThrow('bucket away');
    expect(s3.commandCalls(AbortMultipartUploadCommand)[0]?.args[0].input).toMatchObject({
      UploadId: 'up-2',
    });
    expect(s3.commandCalls(CompleteMultipartUploadCommand)).toHaveLength(0);
  });
});
