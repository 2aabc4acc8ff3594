import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeExportFile } from './write-export-file.ts';

const s3 = mockClient(S3Client);
const dynamo = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  vi.stubEnv('EXPORTS_BUCKET', 'unit-exports');
  vi.stubEnv('TABLE_NAME', 'unit-table');
  vi.stubEnv('LOG_LEVEL', 'silent');
});
afterEach(() => {
  vi.unstubAllEnvs();
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
