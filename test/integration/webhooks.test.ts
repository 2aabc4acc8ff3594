import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from '#admin/commands';
import { testShop, testShops } from '#fixtures/default-shops';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import { laneExecutions } from '#platform/lane-services';
import { handler as sweepJobs } from '#tasks/sweep-idle-jobs';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { pollJob, startSilentSite } from '#test/jobs';
import { addProjectMember, newUser } from '#test/operator';
import { landWebsite, startOwnedProject } from '#test/owned-project';
import { type ReceivedRequest, startRequestCounter, startWebhookReceiver } from '#test/webhook-receiver';

// This file asserts no crawl timing: the lanes crawl its local shops without their politeness gap.
process.env.CRAWL_MIN_DELAY_MS = '0';

// Retries after 20 ms, 40 ms …, and an attempt gives up after a second, so back-off shows in a test.
process.env.WEBHOOK_RETRY_BASE_SECONDS = '0.02';
process.env.WEBHOOK_ATTEMPT_TIMEOUT_SECONDS = '1';

const ALL_EVENTS = [
  'job.created',
  'job.awaiting_approval',
  'job.completed',
  'job.failed',
  'job.cancelled',
  'export.ready',
];

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let projectId: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let counter: Awaited<ReturnType<typeof startRequestCounter>>;
let shop: RunningShop;
let blog: RunningShop;
let silent: Awaited<ReturnType<typeof startSilentSite>>;

beforeAll(async () => {
  counter = await startRequestCounter();
  // The redirect points at an internal address the allow-list does not name (localhost is loopback).
  receiver = await startWebhookReceiver({ redirectTo: `http://localhost:${counter.port}/internal` });
  // Exactly the receiver's origin: neither its other spellings nor the counter's port.
  process.env.WEBHOOK_ALLOWED_HOSTS = `127.0.0.1:${receiver.port}`;
  ({ stack, api, customerId, projectId } = await startOwnedProject());
  [shop, blog, silent] = await Promise.all([
    startShop(testShop('magento-plain-en')),
    startShop(testShops.find((spec) => spec.kind === 'BLOG') as (typeof testShops)[number]),
    startSilentSite(),
  ]);
});

afterAll(async () => {
  await stack?.stop();
  await Promise.all([receiver?.close(), counter?.close(), shop?.close(), blog?.close(), silent?.close()]);
});

/** The README's recipe for receivers, written out with node:crypto alone. */
function verifiesAsDocumented(request: ReceivedRequest, secret: string, body = request.rawBody): boolean {
  const header = String(request.headers['pds-signature'] ?? '');
  const fields = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const t = Number(fields.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(body).digest();
  const given = Buffer.from(fields.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function register(path: string, events: string[] = ALL_EVENTS) {
  const created = await api.post('/webhooks', { project_id: projectId, url: receiver.url(path), events });
  expect(created.status).toBe(201);
  return created.body as { webhook_id: string; secret: string; url: string; events: string[] };
}

/** Every delivery of a webhook, following the pages (a small page, so paging is used). */
async function allDeliveries(webhookId: string): Promise<any[]> {
  const deliveries: any[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.get(`/webhooks/${webhookId}/deliveries`, { query: { limit: 3, cursor } });
    expect(page.status).toBe(200);
    deliveries.push(...page.body);
    cursor = page.headers.get('x-next-cursor') ?? undefined;
  } while (cursor);
  return deliveries;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('webhook deliveries', () => {
  it('a receiver that fails twice then accepts gets exactly one accepted delivery of each event', async () => {
    const webhook = await register('/flaky');
    expect(webhook.secret).toMatch(/^whsec_/);
    expect(webhook.url).toBe(receiver.url('/flaky'));

    const setup = await landWebsite(api, projectId, shop.url, { country: 'US', currency: 'USD' });
    await commands.credit({ customer: customerId, amount: '50.00', reason: 'webhook tests' });
    const scrape = await api.post('/jobs/scraping', { project_id: projectId, website_id: setup.website_id });
    expect(scrape.status).toBe(201);
    expect((await api.post(`/jobs/scraping/${scrape.body.job_id}/approve`)).status).toBe(200);
    expect((await pollJob(api, `/jobs/scraping/${scrape.body.job_id}`)).job.status).toBe('COMPLETED');
    const cancelled = await api.post('/jobs/setup', {
      url: silent.url,
      country: 'DE',
      currency: 'EUR',
      project_id: projectId,
    });
    expect((await api.post(`/jobs/${cancelled.body.job_id}/cancel`)).status).toBe(200);
    const failed = await api.post('/jobs/setup', {
      url: blog.url,
      country: 'DE',
      currency: 'EUR',
      project_id: projectId,
    });
    expect((await pollJob(api, `/jobs/setup/${failed.body.job_id}`)).job.status).toBe('FAILED');

    const expected = [
      [setup.job_id, 'job.created'],
      [setup.job_id, 'job.completed'],
      [scrape.body.job_id, 'job.created'],
      [scrape.body.job_id, 'job.awaiting_approval'],
      [scrape.body.job_id, 'job.completed'],
      [scrape.body.job_id, 'export.ready'],
      [cancelled.body.job_id, 'job.created'],
      [cancelled.body.job_id, 'job.cancelled'],
      [failed.body.job_id, 'job.created'],
      [failed.body.job_id, 'job.failed'],
    ].map(([jobId, type]) => `${jobId} ${type}`);

    const deliveries = await until(
      () => allDeliveries(webhook.webhook_id),
      (all) => all.length >= expected.length && all.every((delivery) => delivery.status !== 'PENDING'),
    );
    const jobOf = (event: any) => event.data.job?.job_id ?? event.data.job_id;
    expect(deliveries.map((delivery) => `${jobOf(delivery.event)} ${delivery.event_type}`).sort()).toEqual(
      [...expected].sort(),
    );
    expect(new Set(deliveries.map((delivery) => delivery.event_type))).toEqual(new Set(ALL_EVENTS));
    for (const delivery of deliveries) {
      expect(delivery.status).toBe('DELIVERED');
      expect(delivery.attempts.map((attempt: any) => [attempt.outcome, attempt.status_code])).toEqual([
        ['HTTP_ERROR', 503],
        ['HTTP_ERROR', 503],
        ['ACCEPTED', 200],
      ]);
    }
    const newestFirst = deliveries.map((delivery) => delivery.delivery_id);
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());

    const requests = receiver.received.filter((request) => request.path === '/flaky');
    for (const delivery of deliveries) {
      const ofEvent = requests.filter((request) => request.headers['pds-event-id'] === delivery.event_id);
      expect(ofEvent.map((request) => request.answered)).toEqual([503, 503, 200]);
      for (const request of ofEvent) {
        expect(request.headers['pds-event-type']).toBe(delivery.event_type);
        expect(request.headers['pds-delivery-id']).toBe(delivery.delivery_id);
        expect(JSON.parse(request.rawBody.toString('utf8'))).toEqual(delivery.event);
        expect(verifiesAsDocumented(request, webhook.secret)).toBe(true);
      }
    }
    const accepted = requests.filter((request) => request.answered === 200);
    expect(new Set(accepted.map((request) => request.headers['pds-event-id'])).size).toBe(accepted.length);

    const completed = deliveries.find(
      (delivery) =>
        delivery.event_type === 'job.completed' && delivery.event.data.job.job_id === scrape.body.job_id,
    );
    expect(completed.event).toMatchObject({
      type: 'job.completed',
      project_id: projectId,
      data: { job: { job_id: scrape.body.job_id, status: 'COMPLETED', job_type: 'FULL_SCRAPE' } },
    });
    const exportReady = deliveries.find((delivery) => delivery.event_type === 'export.ready');
    expect(exportReady.event.data).toEqual({
      job_id: scrape.body.job_id,
      website_id: setup.website_id,
      datasets: ['products'],
    });
  });

  it('signatures fail the documented check when one byte of the body or the secret changes', async () => {
    const webhooks = await api.get('/webhooks', { query: { project_id: projectId } });
    expect(webhooks.status).toBe(200);
    expect(webhooks.body.length).toBeGreaterThan(0);
    expect(webhooks.body.every((each: any) => !('secret' in each))).toBe(true);
    const webhook = await register('/ok', ['job.completed']);
    const test = await api.post(`/webhooks/${webhook.webhook_id}/test`);
    const delivered = await until(
      async () => receiver.received.find((each) => each.headers['pds-event-id'] === test.body.event_id),
      (found) => found !== undefined,
    );
    if (!delivered) throw new Error('unreachable');
    expect(verifiesAsDocumented(delivered, webhook.secret)).toBe(true);
    for (const index of [0, 10, delivered.rawBody.length - 1]) {
      const tampered = Buffer.from(delivered.rawBody);
      tampered[index] = (tampered[index] as number) ^ 1;
      expect(verifiesAsDocumented(delivered, webhook.secret, tampered)).toBe(false);
    }
    const otherSecret = `${webhook.secret.slice(0, -1)}${webhook.secret.endsWith('x') ? 'y' : 'x'}`;
    expect(verifiesAsDocumented(delivered, otherSecret)).toBe(false);
  });

  it('sends a test event and redelivers a delivery with the same event id, listing both rounds', async () => {
    const webhook = await register('/ok', ['job.failed']);
    const test = await api.post(`/webhooks/${webhook.webhook_id}/test`);
    expect(test.status).toBe(201);
    expect(test.body).toMatchObject({ event_type: 'webhook.test', status: 'PENDING', round: 1 });
    const path = `/webhooks/${webhook.webhook_id}/deliveries`;
    const delivered = await until(
      () => api.get(path),
      (page) => page.body[0]?.status === 'DELIVERED',
    );
    expect(delivered.body).toHaveLength(1);
    expect(delivered.body[0].attempts).toEqual([
      expect.objectContaining({ round: 1, outcome: 'ACCEPTED', status_code: 200, error: null }),
    ]);

    const again = await api.post(`${path}/${test.body.delivery_id}/redeliver`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ delivery_id: test.body.delivery_id, status: 'PENDING', round: 2 });
    const redelivered = await until(
      () => api.get(path),
      (page) => page.body[0]?.status === 'DELIVERED' && page.body[0].attempts.length === 2,
    );
    expect(redelivered.body[0].attempts.map((attempt: any) => [attempt.round, attempt.outcome])).toEqual([
      [1, 'ACCEPTED'],
      [2, 'ACCEPTED'],
    ]);
    const got = receiver.received.filter((request) => request.headers['pds-event-id'] === test.body.event_id);
    expect(got).toHaveLength(2);
    expect(got[0]?.rawBody.equals(got[1]?.rawBody as Buffer)).toBe(true);
    expect(JSON.parse(got[0]?.rawBody.toString() ?? '')).toMatchObject({
      type: 'webhook.test',
      project_id: projectId,
      data: { webhook_id: webhook.webhook_id },
    });

    expectProblem(await api.post(`${path}/dlv_unknown/redeliver`), 404, 'DELIVERY_NOT_FOUND');
    expectProblem(await api.post('/webhooks/whk_unknown/test'), 404, 'WEBHOOK_NOT_FOUND');
  });

  it('holds a delivery whose lane cannot be started, and the job sweeper starts it later', async () => {
    const webhook = await register('/ok', ['job.failed']);
    const path = `/webhooks/${webhook.webhook_id}/deliveries`;
    const start = vi
      .spyOn(laneExecutions(), 'start')
      .mockRejectedValueOnce(new Error('Step Functions unavailable'));
    const test = await api.post(`/webhooks/${webhook.webhook_id}/test`);
    start.mockRestore();
    expect(test.status).toBe(201);
    expect((await api.get(path)).body[0]).toMatchObject({ status: 'PENDING', attempts: [] });
    await sweepJobs();
    const delivered = await until(
      () => api.get(path),
      (page) => page.body[0]?.status === 'DELIVERED',
    );
    expect(delivered.body[0].attempts).toEqual([expect.objectContaining({ round: 1, outcome: 'ACCEPTED' })]);
    expect(
      receiver.received.filter((request) => request.headers['pds-event-id'] === test.body.event_id),
    ).toHaveLength(1);
  });

  it('replays a registration sent again with its Idempotency-Key instead of registering twice', async () => {
    const body = { project_id: projectId, url: receiver.url('/ok'), events: ['job.created'] };
    const headers = { 'Idempotency-Key': `hook-${Date.now()}` };
    const first = await api.post('/webhooks', body, { headers });
    const second = await api.post('/webhooks', body, { headers });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.webhook_id).toBe(first.body.webhook_id);
    expect((await api.delete(`/webhooks/${first.body.webhook_id}`)).status).toBe(204);
  });
});

describe('webhook safety', () => {
  it('refuses URLs of metadata, IPv4-mapped loopback, private hostnames and other schemes', async () => {
    const refused = [
      'http://169.254.169.254/',
      `http://[::ffff:127.0.0.1]:${receiver.port}/ok`,
      `http://localhost:${receiver.port}/ok`,
      `http://127.0.0.1:${counter.port}/`,
      'http://10.0.0.7/hook',
      'ftp://example.com/hook',
    ];
    for (const url of refused) {
      const answer = await api.post('/webhooks', { project_id: projectId, url, events: ['job.failed'] });
      expectProblem(answer, 422, 'WEBHOOK_URL_NOT_ALLOWED');
    }
    expectProblem(
      await api.post('/webhooks', { project_id: projectId, url: 'not a url', events: ['job.failed'] }),
      422,
      'VALIDATION_ERROR',
    );
    expectProblem(
      await api.post('/webhooks', { project_id: projectId, url: receiver.url('/ok'), events: ['job.done'] }),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('lets only a project ADMIN register, remove, test and redeliver; an EDITOR reads', async () => {
    const editor = await newUser();
    await addProjectMember(projectId, editor.userId, 'EDITOR');
    const asEditor = api.withKey(editor.apiKey);
    const body = { project_id: projectId, url: receiver.url('/ok'), events: ['job.failed'] };
    expectProblem(await asEditor.post('/webhooks', body), 403, 'INSUFFICIENT_ROLE');
    const webhook = await register('/ok', ['job.failed']);
    expectProblem(await asEditor.post(`/webhooks/${webhook.webhook_id}/test`), 403, 'INSUFFICIENT_ROLE');
    expectProblem(await asEditor.delete(`/webhooks/${webhook.webhook_id}`), 403, 'INSUFFICIENT_ROLE');
    expect((await asEditor.get(`/webhooks/${webhook.webhook_id}/deliveries`)).status).toBe(200);
    const stranger = api.withKey((await newUser()).apiKey);
    expectProblem(await stranger.get(`/webhooks/${webhook.webhook_id}/deliveries`), 404, 'WEBHOOK_NOT_FOUND');
    expectProblem(await stranger.post('/webhooks', body), 404, 'PROJECT_NOT_FOUND');
    expect((await api.delete(`/webhooks/${webhook.webhook_id}`)).status).toBe(204);
    expectProblem(await api.get(`/webhooks/${webhook.webhook_id}/deliveries`), 404, 'WEBHOOK_NOT_FOUND');
  });

  it('retries a receiver that never answers, each attempt ending at its timeout, until it is removed', async () => {
    const webhook = await register('/hang', ['job.failed']);
    const test = await api.post(`/webhooks/${webhook.webhook_id}/test`);
    const delivery = await until(
      async () => (await api.get(`/webhooks/${webhook.webhook_id}/deliveries`)).body[0],
      (found) => found.attempts.length >= 2,
    );
    expect(delivery.delivery_id).toBe(test.body.delivery_id);
    expect(delivery.status).toBe('PENDING');
    expect(delivery.next_attempt_at).not.toBeNull();
    for (const attempt of delivery.attempts) {
      expect(attempt).toMatchObject({ outcome: 'TIMEOUT', status_code: null });
    }
    expect((await api.delete(`/webhooks/${webhook.webhook_id}`)).status).toBe(204);
  });

  it('treats a 301 to an internal address as a failed attempt and never follows it', async () => {
    const webhook = await register('/redirect', ['job.failed']);
    await api.post(`/webhooks/${webhook.webhook_id}/test`);
    const delivery = await until(
      async () => (await api.get(`/webhooks/${webhook.webhook_id}/deliveries`)).body[0],
      (found) => found.attempts.length >= 3,
    );
    for (const attempt of delivery.attempts) {
      expect(attempt).toMatchObject({ outcome: 'REDIRECT', status_code: 301 });
    }
    expect(counter.count()).toBe(0);
    expect((await api.delete(`/webhooks/${webhook.webhook_id}`)).status).toBe(204);
  });

  it('reads at most a small part of a 50 MB answer and fails the attempt', async () => {
    const webhook = await register('/big', ['job.failed']);
    await api.post(`/webhooks/${webhook.webhook_id}/test`);
    const delivery = await until(
      async () => (await api.get(`/webhooks/${webhook.webhook_id}/deliveries`)).body[0],
      (found) => found.attempts.length >= 1,
    );
    expect(delivery.attempts[0]).toMatchObject({ outcome: 'RESPONSE_TOO_LARGE', status_code: 200 });
    expect((await api.delete(`/webhooks/${webhook.webhook_id}`)).status).toBe(204);
    await receiver.bigClosed();
    expect(receiver.bigBytesWritten()).toBeLessThan(receiver.fiftyMegabytes);
  });
});
