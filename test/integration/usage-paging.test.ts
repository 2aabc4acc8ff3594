import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { testShop } from '#fixtures/default-shops';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { landWebsite, startOwnedProject } from '#test/owned-project';

// This file asserts no crawl timing: the lanes crawl its local shops without their politeness gap.
process.env.CRAWL_MIN_DELAY_MS = '0';

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let projectId: string;
let shops: RunningShop[];
const jobIds: string[] = [];

// Three paid analyses give the month three charges: the items to page through.
beforeAll(async () => {
  ({ stack, api, customerId, projectId } = await startOwnedProject());
  shops = await Promise.all(
    ['woocommerce-opengraph-en', 'magento-plain-en', 'shoptet-plain-cs'].map((name) =>
      startShop(testShop(name)),
    ),
  );
  await commands['set-quotas']({ customer: customerId, 'free-analyses': '0' });
  await commands.credit({ customer: customerId, amount: '20.00', reason: 'usage paging' });
  for (const shop of shops) {
    jobIds.push((await landWebsite(api, projectId, shop.url, { country: 'GB', currency: 'GBP' })).job_id);
  }
});

afterAll(async () => {
  await stack?.stop();
  await Promise.all(shops.map((shop) => shop.close()));
});

describe('GET /customers/{customer_id}/billing/usage', () => {
  it("pages the month's items by cursor, newest first, each once, with the whole month's total on every page", async () => {
    const path = `/customers/${customerId}/billing/usage`;
    const whole = await api.get(path);
    expect(whole.body.items.map((item: any) => item.job_id)).toEqual([...jobIds].reverse());
    expect(whole.body.total).toBe('15.00');
    expect(whole.headers.get('link')).toBeNull();

    const first = await api.get(path, { query: { limit: 2 } });
    expect(first.body.items.map((item: any) => item.job_id)).toEqual([jobIds[2], jobIds[1]]);
    expect(first.body).toMatchObject({ total: '15.00', currency: 'EUR', month: whole.body.month });
    const cursor = first.headers.get('x-next-cursor');
    expect(first.headers.get('link')).toContain(`cursor=${cursor}`);
    const second = await api.get(path, { query: { limit: 2, cursor: cursor ?? '' } });
    expect(second.body.items.map((item: any) => item.job_id)).toEqual([jobIds[0]]);
    expect(second.body.total).toBe('15.00');
    expect(second.headers.get('x-next-cursor')).toBeNull();

    expectProblem(await api.get(path, { query: { limit: 2, cursor: `${cursor}x` } }), 422, 'INVALID_CURSOR');
    // A cursor belongs to its month: the same position in another month's list is refused.
    expectProblem(
      await api.get(path, { query: { limit: 2, cursor: cursor ?? '', month: '2020-01' } }),
      422,
      'INVALID_CURSOR',
    );
  });
});
