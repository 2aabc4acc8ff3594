import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningS3, startS3Fake } from '#local/s3-fake';
import { s3ClientConfig } from '#platform/aws-endpoints';
import { exportFilesIn } from './export-files.ts';

let fake: RunningS3;
beforeAll(async () => {
  fake = await startS3Fake({ buckets: ['fake-exports'] });
});
afterAll(async () => {
  await fake.stop();
});

describe('export file writer on the local stack S3 fake', () => {
  it('writes a file of several parts that reads back whole', async () => {
    // Lines of 1 KiB that say where they belong, so parts put together out of order would show.
    const line = (i: number) => `${String(i).padStart(8, '0')}${'y'.repeat(1015)}\n`;
    const s3 = new S3Client(s3ClientConfig(fake.endpoint));
    const { exportFileWriter } = exportFilesIn({ client: s3, name: 'fake-exports' });
    const writer = exportFileWriter('exports/prj/price_history/all.jsonl', 'all.jsonl', 'jsonl');
    for (let i = 0; i < 9 * 1024; i++) await writer.write(line(i));
    expect(await writer.finish()).toBe(9 * 1024 * 1024);
    const object = await s3.send(
      new GetObjectCommand({ Bucket: 'fake-exports', Key: 'exports/prj/price_history/all.jsonl' }),
    );
    const text = await object.Body?.transformToString();
    expect(text?.length).toBe(9 * 1024 * 1024);
    for (const i of [0, 8 * 1024 - 1, 8 * 1024, 9 * 1024 - 1])
      expect(text?.slice(i * 1024, (i + 1) * 1024)).toBe(line(i));
  });
});
