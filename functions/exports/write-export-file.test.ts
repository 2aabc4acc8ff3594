import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

process.env.EXPORTS_BUCKET = 'unit-exports';
process.env.TABLE_NAME = 'unit-table';
process.env.LOG_LEVEL = 'silent';
const s3 = mockClient(S3Client);
const dynamo = mockClient(DynamoDBDocumentClient);

// Imported once the environment above is set: the modules read it at import time.
let writeExportFile: typeof import('./write-export-file.ts').writeExportFile;
beforeAll(async () => {
  ({ writeExportFile } = await import('./write-export-file.ts'));
});
afterEach(() => {
  s3.reset();
  dynamo.reset();
});

describe('writeExportFile', () => {
  it('refuses a row that does not fit the columns, writing neither file nor record', async () => {
    const file = {
      dataset: 'products' as const,
      websiteId: 'web_a',
      jobId: null,
      columns: ['a', 'b'],
      rows: () => [[1]],
      sources: [],
    };
    const conversion = { currency: null, rates: { date: '2026-11-24', rates: {} } };
    await expect(
      writeExportFile(
        { project_id: 'prj_a', localization: null, change_threshold_percent: null } as never,
        conversion as never,
        file,
      ),
    ).rejects.toThrow(/1 values for 2 columns/);
    expect(s3.calls()).toHaveLength(0);
    expect(dynamo.calls()).toHaveLength(0);
  });
});
