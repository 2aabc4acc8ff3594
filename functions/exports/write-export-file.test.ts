import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCsv } from '#test/read-csv';
import { readParquet, readXlsx } from '#test/read-export-files';
import { fileOf } from './export-record.ts';
import { writeExportFile } from './write-export-file.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
// The export files of a bucket the test names, in place of the stage's.
vi.mock('./export-files-services.ts', async () =>
  (await import('./export-files.ts')).exportFilesIn({ client: new S3Client({}), name: 'unit-exports' }),
);
const s3 = mockClient(S3Client);
const dynamo = mockClient(DynamoDBDocumentClient);

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

  it('writes the rows once in every format, each file read back by another reader, and a record naming all four', async () => {
    const bodies = new Map<string, { body: Buffer; type: string | undefined }>();
    s3.on(PutObjectCommand).callsFake((input) => {
      bodies.set(input.Key, { body: input.Body as Buffer, type: input.ContentType });
      return {};
    });
    dynamo.on(PutCommand).resolves({});
    const file = {
      dataset: 'matches' as const,
      websiteId: 'web_a',
      jobId: null,
      columns: ['reference_url', 'reference_price', 'score', 'evidence'],
      rows: async function* () {
        yield ['https://a.test/p', '10.50', 0.97, '=GTIN agreed'];
        yield ['https://a.test/q', null, null, null];
      },
      sources: [],
    };
    const conversion = { currency: 'EUR', rates: { date: '2026-11-24', rates: {} } };
    const record = await writeExportFile({ project_id: 'prj_a' }, conversion as never, file);

    const keys = ['csv', 'jsonl', 'xlsx', 'parquet'].map((format) => `exports/prj_a/matches/web_a.${format}`);
    expect([...bodies.keys()].sort()).toEqual([...keys].sort());
    expect(record).toMatchObject({
      format: 'csv',
      rows: 2,
      object_key: keys[0],
      bytes: bodies.get(keys[0] as string)?.body.byteLength,
      jsonl: { object_key: keys[1], bytes: bodies.get(keys[1] as string)?.body.byteLength },
      xlsx: { object_key: keys[2], bytes: bodies.get(keys[2] as string)?.body.byteLength },
      parquet: { object_key: keys[3], bytes: bodies.get(keys[3] as string)?.body.byteLength },
    });
    expect(bodies.get(keys[2] as string)?.type).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(bodies.get(keys[3] as string)?.type).toBe('application/vnd.apache.parquet');

    const body = (index: number) => bodies.get(keys[index] as string)?.body ?? Buffer.alloc(0);
    expect(readCsv(body(0).toString('utf8'))).toEqual([
      file.columns,
      ['https://a.test/p', '10.50', '0.97', "'=GTIN agreed"],
      ['https://a.test/q', '', '', ''],
    ]);
    const [sheet] = await readXlsx(body(2));
    expect(sheet).toEqual({
      sheet: 'matches',
      rows: [
        file.columns,
        ['https://a.test/p', '10.50', 0.97, '=GTIN agreed'],
        ['https://a.test/q', null, null, null],
      ],
    });
    expect((await readParquet(body(3))).rows).toEqual([
      { reference_url: 'https://a.test/p', reference_price: '10.50', score: 0.97, evidence: '=GTIN agreed' },
      { reference_url: 'https://a.test/q', reference_price: null, score: null, evidence: null },
    ]);
  });
  it('writes only the formats asked for, keeping the files of a record of the same inputs beside them', async () => {
    const bodies = new Map<string, Buffer>();
    s3.on(PutObjectCommand).callsFake((input) => {
      bodies.set(input.Key, input.Body as Buffer);
      return {};
    });
    dynamo.on(PutCommand).resolves({});
    const file = {
      dataset: 'price_history' as const,
      websiteId: 'web_a',
      jobId: null,
      columns: ['url', 'price'],
      rows: () => [['https://a.test/p', '10.50']],
      sources: [],
    };
    const conversion = { currency: 'EUR', rates: { date: '2026-11-24', rates: {} } };
    const key = (format: string) => `exports/prj_a/price_history/web_a.${format}`;

    const parquet = await writeExportFile({ project_id: 'prj_a' }, conversion as never, file, {
      formats: ['parquet'],
      keeping: null,
    });
    expect([...bodies.keys()]).toEqual([key('parquet')]);
    const parquetBytes = bodies.get(key('parquet'))?.byteLength;
    expect(parquet).toMatchObject({
      format: 'parquet',
      rows: 1,
      object_key: key('parquet'),
      bytes: parquetBytes,
    });
    for (const format of ['csv', 'jsonl', 'xlsx'] as const) expect(fileOf(parquet, format)).toBeUndefined();

    const csv = await writeExportFile({ project_id: 'prj_a' }, conversion as never, file, {
      formats: ['csv'],
      keeping: parquet,
    });
    expect([...bodies.keys()]).toEqual([key('parquet'), key('csv')]);
    expect(readCsv(bodies.get(key('csv'))?.toString('utf8') ?? '')).toEqual([
      file.columns,
      ['https://a.test/p', '10.50'],
    ]);
    // The CSV becomes the record's own file; the Parquet file written before stays as its twin.
    expect(csv).toMatchObject({
      format: 'csv',
      rows: 1,
      object_key: key('csv'),
      bytes: bodies.get(key('csv'))?.byteLength,
      parquet: { object_key: key('parquet'), bytes: parquetBytes },
    });
    expect(csv.jsonl).toBeUndefined();
    expect(csv.xlsx).toBeUndefined();
    expect(dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item?.format)).toEqual([
      'parquet',
      'csv',
    ]);
  });
});
