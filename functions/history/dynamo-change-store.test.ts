import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allChanges } from './dynamo-change-store.ts';

vi.mock('#store/table-services', () => import('#test/unit-table'));
const dynamo = mockClient(DynamoDBDocumentClient);

afterEach(() => dynamo.reset());

const FILTER = { since: null, websiteId: null, kind: null, minPercent: null };

const item = (matched_reference: Record<string, unknown> | null) => ({
  PK: 'PROJECT#prj_a',
  SK: 'CHANGE#2026-11-24T09:00:00.000Z#job_new#000000',
  type: 'PriceChange',
  expires_at: 1,
  change_id: 'chg_new_0',
  project_id: 'prj_a',
  kind: 'PRICE_UP',
  price_change_percent: 20,
  matched_reference,
});

describe('the change store', () => {
  it('reads a reference kept before its price and gaps were as having them unknown', async () => {
    // Prepare
    const reference = { website_id: 'web_r', product_id: 'prd_r', url: 'https://ref.example/1', name: null };
    dynamo.on(QueryCommand).resolves({ Items: [item(reference), item(null)] });
    // Act
    const [old, unmatched] = await allChanges('prj_a', FILTER);
    // Assess
    expect(old?.matched_reference).toEqual({
      ...reference,
      price: null,
      currency: null,
      previous_gap_percent: null,
      gap_percent: null,
    });
    expect(old).not.toHaveProperty('PK');
    expect(unmatched?.matched_reference).toBeNull();
  });

  it('keeps the price and gaps of a reference that has them', async () => {
    // Prepare
    const reference = {
      website_id: 'web_r',
      product_id: 'prd_r',
      url: 'https://ref.example/1',
      name: 'Kettle',
      price: '20.00',
      currency: 'EUR',
      previous_gap_percent: 0,
      gap_percent: 15,
    };
    dynamo.on(QueryCommand).resolves({ Items: [item(reference)] });
    // Act
    const [change] = await allChanges('prj_a', FILTER);
    // Assess
    expect(change?.matched_reference).toEqual(reference);
  });
});
