import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromJsonLines } from '#core/json-lines';
import type { ProductMatch } from '#match/index';
import { pairStateWriter } from './dynamo-pair-states.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
vi.mock('#store/data-bucket-services', () => import('#test/unit-data-bucket'));
const s3 = mockClient(S3Client);
const dynamo = mockClient(DynamoDBDocumentClient);

afterEach(() => {
  s3.reset();
  dynamo.reset();
});

describe('pair state writer', () => {
  it('writes the state putPairState writes, its matches added in parts, the item counting them', async () => {
    s3.on(PutObjectCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    const match = (reference_url: string): ProductMatch =>
      ({ reference_url, website_id: 'comp', url: `${reference_url}-c`, score: 0.9 }) as ProductMatch;
    const writer = pairStateWriter(
      'prj',
      {
        reference_website_id: 'ref',
        competitor_website_id: 'comp',
        state: {
          fingerprints: { ref: { r1: 'f1' } },
          review: { rejected: [{ reference_url: 'r1', website_id: 'comp', url: 'x' }], kept: [] },
        },
      },
      'job-1',
    );
    await writer.add([match('r1'), match('r2')]);
    await writer.add([match('r3')]);
    // The table names the object only once it is whole.
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
    await writer.finish();
    const put = s3.commandCalls(PutObjectCommand)[0]?.args[0].input as { Key: string; Body: Buffer };
    expect(put.Key).toBe('matching-states/prj/ref/comp.jsonl');
    const lines = fromJsonLines<{ type: string }>(put.Body.toString('utf-8'));
    expect(lines.map((line) => line.type)).toEqual(['product', 'rejected', 'match', 'match', 'match']);
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({
      matches: 3,
      job_id: 'job-1',
    });
  });
});
