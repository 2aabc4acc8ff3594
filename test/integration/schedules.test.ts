import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from '#admin/commands';
import { newId } from '#core/ids';
import { settleJob } from '#core/pricing';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import { jobStore } from '#jobs/job-services';
import type { RunningStack } from '#local/start-stack';
import { projectStore } from '#projects/project-services';
import { scheduleStore } from '#schedules/schedule-services';
import { createScrapeJob } from '#scraping/create-scrape-job';
import { handler as runSchedules } from '#tasks/run-schedules';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { pollJob } from '#test/jobs';
import { ledgerEntries } from '#test/ledger-check';
import { addProjectMember, newProject, newUser } from '#test/operator';
import { landWebsite, startOwnedProject } from '#test/owned-project';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { websiteStore } from '#websites/website-services';

// This file asserts no crawl timing: the lanes crawl its local shops without their politeness gap.
process.env.CRAWL_MIN_DELAY_MS = '0';

/**
 * Schedules on the local stack: the runner is the task handler the EventBridge rule invokes, called
 * here with a tick's time at a schedule's due time instead of waiting for it.
 */
const SHOP: ShopSpec = {
  name: 'scheduled-shop',
  platform: 'shopify',
  data: 'JSONLD',
  products: 24,
  language: 'en',
  market: 'US',
  theme: 'ELECTRONICS',
  sitemap: 'INDEX',
};

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let owner: { userId: string; apiKey: string };
let projectId: string;
let websiteId: string;
let shop: RunningShop;
let other: RunningShop;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ redirectTo: 'http://127.0.0.1:9/' });
  process.env.WEBHOOK_ALLOWED_HOSTS = `127.0.0.1:${receiver.port}`;
  ({ stack, api, customerId, owner, projectId } = await startOwnedProject());
  const hook = await api.post('/webhooks', {
    project_id: projectId,
    url: receiver.url('/ok'),
    events: ['schedule.run_skipped'],
  });
  if (hook.status !== 201) throw new Error(`webhook create answered ${hook.status}: ${hook.text}`);
  [shop, other] = await Promise.all([
    startShop(SHOP),
    startShop({ ...SHOP, name: 'another-scheduled-shop' }),
  ]);
  websiteId = (await landWebsite(api, projectId, shop.url, { country: 'US', currency: 'USD' })).website_id;
  await commands.credit({ customer: customerId, amount: '100.00', reason: 'schedule tests' });
});

afterAll(async () => {
  await stack?.stop();
  await Promise.all([shop?.close(), other?.close(), receiver?.close()]);
});

const DAILY = { kind: 'DAILY', time: '06:00' } as const;
const createSchedule = (body: Record<string, unknown>, client = api) =>
  client.post('/schedules', {
    project_id: projectId,
    website_id: websiteId,
    cadence: DAILY,
    time_zone: 'Europe/Prague',
    monthly_budget: '2.00',
    ...body,
  });
const balance = async () => (await api.get(`/customers/${customerId}/billing/balance`)).body;
const scrapeJobs = async () => (await api.get('/jobs/scraping', { query: { project_id: projectId } })).body;
const pragueClock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Prague',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
const HOUR = 60 * 60 * 1000;
const pragueDay = (at: Date | string) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', day: 'numeric' }).format(new Date(at)),
  );
/**
 * Three runs at 06:00 on consecutive days of one Prague month, all after today, so they count against
 * the same monthly budget whatever day the test runs on.
 */
function threeDaysOfOneMonth(): { cadence: { kind: 'CRON'; expression: string }; days: number[] } {
  const tomorrow = pragueDay(new Date(Date.now() + 24 * HOUR));
  const days = tomorrow <= 26 ? [tomorrow, tomorrow + 1, tomorrow + 2] : [1, 2, 3];
  return { cadence: { kind: 'CRON', expression: `0 6 ${days.join(',')} * *` }, days };
}

describe('a scheduled run', () => {
  let scheduleId: string;
  let firstDue: string;
  let firstJobId: string;
  let days: number[];

  it('creates and approves a normal scrape job at the due time, once, which completes and is charged like any scrape', async () => {
    const month = threeDaysOfOneMonth();
    const cadence = month.cadence;
    days = month.days;
    const created = await createSchedule({ cadence });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      project_id: projectId,
      website_id: websiteId,
      variant: 'FULL',
      urls: null,
      cadence,
      time_zone: 'Europe/Prague',
      monthly_budget: '2.00',
      status: 'ACTIVE',
      stopped_reason: null,
      created_by: owner.userId,
    });
    scheduleId = created.body.schedule_id;
    firstDue = created.body.next_run_at;
    expect(pragueClock(firstDue)).toBe('06:00');
    expect(pragueDay(firstDue)).toBe(days[0]);
    expect(Date.parse(firstDue)).toBeGreaterThan(Date.now());
    expect((await api.get('/schedules', { query: { project_id: projectId } })).body).toEqual([created.body]);
    expect(await scrapeJobs()).toEqual([]);

    // Two runners at the same tick (a retried delivery, an overlap): one run, one job.
    const ticks = await Promise.all([runSchedules({ time: firstDue }), runSchedules({ time: firstDue })]);
    const runs = ticks.flatMap((tick) => tick.runs);
    expect(runs).toEqual([
      { schedule_id: scheduleId, due_at: firstDue, outcome: 'STARTED', job_id: expect.any(String) },
    ]);
    firstJobId = runs[0]?.job_id as string;
    expect((await runSchedules({ time: firstDue })).runs).toEqual([]);

    const jobs = await scrapeJobs();
    expect(jobs.map((job: any) => job.job_id)).toEqual([firstJobId]);
    expect(jobs[0]).toMatchObject({
      job_type: 'FULL_SCRAPE',
      variant: 'FULL',
      website_id: websiteId,
      approval: { approved_by: scheduleId, approved_at: expect.any(String) },
    });
    const { job } = await pollJob(api, `/jobs/scraping/${firstJobId}`);
    expect(job.status).toBe('COMPLETED');
    const expected = settleJob(job.estimate, job.url_results.OK);
    expect(job.settlement).toEqual({ ...expected, settled_at: expect.any(String) });

    // The cap was held on approval and the settlement charged from it, as for a scrape approved by hand.
    const entries = (await ledgerEntries(customerId)).filter((entry) => entry.hold_id === firstJobId);
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual(
      expect.arrayContaining([
        ['HOLD', Math.round(Number(job.estimate.cap) * 100)],
        ['CHARGE', Math.round(Number(expected.amount) * 100)],
      ]),
    );
    const usage = (await api.get(`/customers/${customerId}/billing/usage`)).body;
    expect(usage.items).toEqual([
      expect.objectContaining({ job_id: firstJobId, job_type: 'FULL_SCRAPE', amount: expected.amount }),
    ]);
    expect(await balance()).toMatchObject({
      balance: (100 - Number(expected.amount)).toFixed(2),
      held: '0.00',
    });

    const schedule = (await api.get(`/schedules/${scheduleId}`)).body;
    expect(pragueClock(schedule.next_run_at)).toBe('06:00');
    expect(pragueDay(schedule.next_run_at)).toBe(days[1]);
    expect((await api.get(`/schedules/${scheduleId}/runs`)).body).toEqual([
      {
        schedule_id: scheduleId,
        due_at: firstDue,
        outcome: 'STARTED',
        job_id: firstJobId,
        skip_reason: null,
        detail: null,
        recorded_at: expect.any(String),
      },
    ]);
  });

  it("skips the next run when the month's charges plus the job's cap would pass the budget, and it costs nothing", async () => {
    // The first run charged the minimum of 1.00 EUR; the next FULL scrape's cap is 1.25 EUR, and
    // 1.00 + 1.25 passes the budget of 2.00 EUR in the same month.
    const before = await balance();
    const ledgerBefore = (await ledgerEntries(customerId)).length;
    const due = (await api.get(`/schedules/${scheduleId}`)).body.next_run_at;
    const { runs } = await runSchedules({ time: due });
    expect(runs).toEqual([{ schedule_id: scheduleId, due_at: due, outcome: 'SKIPPED', job_id: null }]);
    const listed = (await api.get(`/schedules/${scheduleId}/runs`)).body;
    expect(listed.map((run: any) => run.due_at)).toEqual([due, firstDue]);
    // Runs page like every list: one per page, the next linked.
    const first = await api.get(`/schedules/${scheduleId}/runs`, { query: { limit: 1 } });
    expect(first.body.map((run: any) => run.due_at)).toEqual([due]);
    const second = await api.get(`/schedules/${scheduleId}/runs`, {
      query: { limit: 1, cursor: first.headers.get('x-next-cursor') ?? '' },
    });
    expect(second.body.map((run: any) => run.due_at)).toEqual([firstDue]);
    expect(second.headers.get('link')).toBeNull();
    expect(listed[0]).toMatchObject({
      outcome: 'SKIPPED',
      job_id: null,
      skip_reason: 'BUDGET_EXHAUSTED',
      detail: expect.stringContaining('monthly budget of 2.00 EUR'),
    });
    expect(await balance()).toEqual(before);
    expect((await ledgerEntries(customerId)).length).toBe(ledgerBefore);
    expect((await scrapeJobs()).map((job: any) => job.job_id)).toEqual([firstJobId]);
    // The project's webhook is told, with the run as the runs list shows it.
    const skipped = () =>
      receiver.received
        .map((request) => JSON.parse(String(request.rawBody)))
        .filter((event) => event.data.run.schedule_id === scheduleId && event.data.run.due_at === due);
    await vi.waitFor(() => expect(skipped()).toHaveLength(1), { timeout: 20_000, interval: 100 });
    expect(skipped()[0]).toMatchObject({
      type: 'schedule.run_skipped',
      project_id: projectId,
      data: { website_id: websiteId, run: listed[0] },
    });
  });

  it('runs again, in the same month, once the budget is raised to cover the cap (a change applies to the next run), finding what moved since the first run', async () => {
    const raised = await api.patch(`/schedules/${scheduleId}`, { monthly_budget: 2.25 });
    expect(raised.status).toBe(200);
    expect(raised.body.monthly_budget).toBe('2.25');
    const due = raised.body.next_run_at;
    expect(pragueDay(due)).toBe(days[2]);
    // Between the two runs the shop moves prices and stock (the fixture's revision switch).
    const before = [...shop.groundTruth.products];
    shop.revise(1);
    const after = new Map(shop.groundTruth.products.map((product) => [product.url, product]));
    const { runs } = await runSchedules({ time: due });
    expect(runs).toMatchObject([{ outcome: 'STARTED', job_id: expect.any(String) }]);
    // A FULL run is not refused for the catalog the first run delivered less than a day ago.
    const { job } = await pollJob(api, `/jobs/scraping/${runs[0]?.job_id}`);
    expect(job.status).toBe('COMPLETED');

    // The second run is compared with the first: exactly what the shop moved is a change.
    const moved: string[] = [];
    for (const old of before) {
      const now = after.get(old.url);
      if (!now) continue;
      if (Number(now.price) !== Number(old.price))
        moved.push(`${Number(now.price) < Number(old.price) ? 'PRICE_DOWN' : 'PRICE_UP'} ${old.url}`);
      if (old.availability === 'IN_STOCK' && now.availability === 'OUT_OF_STOCK')
        moved.push(`OUT_OF_STOCK ${old.url}`);
      if (old.availability === 'OUT_OF_STOCK' && now.availability === 'IN_STOCK')
        moved.push(`BACK_IN_STOCK ${old.url}`);
    }
    expect(moved.length).toBeGreaterThan(0);
    const changes = await api.get(`/projects/${projectId}/changes`, {
      query: { website_id: websiteId, limit: 100, min_change_percent: 0 },
    });
    expect(changes.status).toBe(200);
    expect(changes.body.map((change: any) => `${change.kind} ${change.product_url}`).sort()).toEqual(
      moved.sort(),
    );
    expect(new Set(changes.body.map((change: any) => change.job_id))).toEqual(new Set([job.job_id]));
    // Each product's history holds one point per scheduled run, as the shop showed it then.
    for (const old of before.slice(0, 5)) {
      const history = await api.get(`/websites/${websiteId}/products/history`, {
        query: { product_url: old.url },
      });
      const now = after.get(old.url);
      expect(
        history.body.points.map((point: any) => [point.job_id, point.price, point.availability]),
      ).toEqual([
        [firstJobId, old.price, old.availability],
        [job.job_id, now?.price, now?.availability],
      ]);
    }
    // Paused, so the far-future ticks of the tests below make no run of it.
    expect((await api.patch(`/schedules/${scheduleId}`, { status: 'PAUSED' })).status).toBe(200);
  });
});

describe("the customer's monthly spend limit", () => {
  it('skips a run whose hold would pass it, taking its job back: the run costs nothing', async () => {
    const charged = (await api.get(`/customers/${customerId}/billing/usage`)).body.total;
    // Room for 1.00 EUR more this month, below the 1.25 EUR cap of a run.
    const limit = (Number(charged) + 1).toFixed(2);
    await commands['set-quotas']({ customer: customerId, 'monthly-spend-limit': limit });
    const created = (await createSchedule({ monthly_budget: '50.00' })).body;
    const before = await balance();
    const jobsBefore = await scrapeJobs();
    const { runs } = await runSchedules({ time: created.next_run_at });
    expect(runs).toEqual([
      { schedule_id: created.schedule_id, due_at: created.next_run_at, outcome: 'SKIPPED', job_id: null },
    ]);
    const [run] = (await api.get(`/schedules/${created.schedule_id}/runs`)).body;
    expect(run).toMatchObject({ skip_reason: 'MONTHLY_SPEND_LIMIT', detail: expect.stringContaining(limit) });
    expect(await balance()).toEqual(before);
    expect(await scrapeJobs()).toEqual(jobsBefore);
    await commands['set-quotas']({ customer: customerId, 'monthly-spend-limit': '500' });
    expect((await api.delete(`/schedules/${created.schedule_id}`)).status).toBe(204);
  });
});

describe('changing a schedule', () => {
  it('pauses (no run while paused), resumes from now, changes cadence, zone and scope, and removes', async () => {
    const created = (await createSchedule({ cadence: { kind: 'WEEKLY', day: 'MONDAY', time: '07:15' } }))
      .body;
    const id = created.schedule_id;
    expect(new Date(created.next_run_at).getUTCDay()).toBe(1);

    const paused = await api.patch(`/schedules/${id}`, { status: 'PAUSED' });
    expect(paused.body).toMatchObject({ status: 'PAUSED', next_run_at: null });
    const farFuture = new Date(Date.parse(created.next_run_at) + 30 * 24 * HOUR).toISOString();
    expect((await runSchedules({ time: farFuture })).runs.filter((run) => run.schedule_id === id)).toEqual(
      [],
    );

    const resumed = await api.patch(`/schedules/${id}`, { status: 'ACTIVE' });
    expect(resumed.body).toMatchObject({ status: 'ACTIVE', next_run_at: created.next_run_at });

    const recut = await api.patch(`/schedules/${id}`, {
      cadence: { kind: 'CRON', expression: '30 */6 * * *' },
      time_zone: 'america/new_york',
    });
    expect(recut.status).toBe(200);
    // The zone is kept in its canonical spelling.
    expect(recut.body.time_zone).toBe('America/New_York');
    const nextRun = recut.body.next_run_at;
    const newYork = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(nextRun));
    expect(['00:30', '06:30', '12:30', '18:30']).toContain(newYork);
    expect(Date.parse(nextRun) - Date.now()).toBeLessThanOrEqual(6 * HOUR);

    const urls = [shop.groundTruth.products[0]?.url, `${other.origin}/products/x`];
    const scoped = await api.patch(`/schedules/${id}`, { urls });
    expect(scoped.body).toMatchObject({ variant: 'URLS_ONLY', urls: [urls[0]] });
    const full = await api.patch(`/schedules/${id}`, { variant: 'CATALOG_URLS' });
    expect(full.body).toMatchObject({ variant: 'CATALOG_URLS', urls: null });

    expect((await api.delete(`/schedules/${id}`)).status).toBe(204);
    expectProblem(await api.get(`/schedules/${id}`), 404, 'SCHEDULE_NOT_FOUND');
    expectProblem(await api.get(`/schedules/${id}/runs`), 404, 'SCHEDULE_NOT_FOUND');
    expectProblem(await api.patch(`/schedules/${id}`, { status: 'PAUSED' }), 404, 'SCHEDULE_NOT_FOUND');
    expect((await runSchedules({ time: farFuture })).runs.filter((run) => run.schedule_id === id)).toEqual(
      [],
    );
  });

  it('lets EDITORs manage schedules and VIEWERs only read them', async () => {
    const [editor, viewer] = [await newUser(), await newUser()];
    await addProjectMember(projectId, editor.userId, 'EDITOR');
    await addProjectMember(projectId, viewer.userId, 'VIEWER');
    const asEditor = api.withKey(editor.apiKey);
    const asViewer = api.withKey(viewer.apiKey);
    const created = await createSchedule({}, asEditor);
    expect(created.status).toBe(201);
    const id = created.body.schedule_id;
    expect((await asViewer.get(`/schedules/${id}`)).status).toBe(200);
    expect((await asViewer.get(`/schedules/${id}/runs`)).status).toBe(200);
    expectProblem(await createSchedule({}, asViewer), 403, 'INSUFFICIENT_ROLE');
    expectProblem(await asViewer.patch(`/schedules/${id}`, { status: 'PAUSED' }), 403, 'INSUFFICIENT_ROLE');
    expectProblem(await asViewer.delete(`/schedules/${id}`), 403, 'INSUFFICIENT_ROLE');
    expect((await asEditor.delete(`/schedules/${id}`)).status).toBe(204);
    // A stranger sees no schedule at all.
    expectProblem(
      await api.withKey((await newUser()).apiKey).get(`/schedules/${id}`),
      404,
      'SCHEDULE_NOT_FOUND',
    );
  });
});

describe('a removed website', () => {
  it('stops its schedules: no next run, no run at the old due time, no resume', async () => {
    const removable = (await landWebsite(api, projectId, other.url, { country: 'US', currency: 'USD' }))
      .website_id;
    const created = (await createSchedule({ website_id: removable })).body;
    expect((await api.delete(`/websites/${removable}`)).status).toBe(204);
    const stopped = (await api.get(`/schedules/${created.schedule_id}`)).body;
    expect(stopped).toMatchObject({
      status: 'STOPPED',
      stopped_reason: 'WEBSITE_REMOVED',
      next_run_at: null,
    });
    const { runs } = await runSchedules({ time: created.next_run_at });
    expect(runs.filter((run) => run.schedule_id === created.schedule_id)).toEqual([]);
    expectProblem(
      await api.patch(`/schedules/${created.schedule_id}`, { status: 'ACTIVE' }),
      409,
      'SCHEDULE_STOPPED',
    );
    expect((await api.delete(`/schedules/${created.schedule_id}`)).status).toBe(204);
  });
  it('stops a schedule at its run when the website went without the stop (a removal racing its listing)', async () => {
    const website = await landWebsite(api, projectId, other.url, { country: 'US', currency: 'USD' });
    const created = (await createSchedule({ website_id: website.website_id })).body;
    // The store's removal alone, as when a removal's listing of schedules missed one just created.
    const removed = await websiteStore.get(website.website_id);
    expect(removed && (await websiteStore.remove(removed))).toBe(true);
    const { runs } = await runSchedules({ time: created.next_run_at });
    expect(runs).toEqual([
      { schedule_id: created.schedule_id, due_at: created.next_run_at, outcome: 'SKIPPED', job_id: null },
    ]);
    const [run] = (await api.get(`/schedules/${created.schedule_id}/runs`)).body;
    expect(run).toMatchObject({ skip_reason: 'WEBSITE_REMOVED' });
    expect((await api.get(`/schedules/${created.schedule_id}`)).body).toMatchObject({
      status: 'STOPPED',
      stopped_reason: 'WEBSITE_REMOVED',
      next_run_at: null,
    });
  });
});

describe('a runner that stopped mid-run', () => {
  /**
   * Claims the schedule's due run as the runner does, 20 minutes ago, and goes no further: what a
   * runner leaves when its function crashes or times out between the claim and the outcome.
   */
  async function claimAndStop(scheduleId: string): Promise<{ dueAt: string; jobId: string }> {
    const schedule = await scheduleStore.get(scheduleId);
    if (!schedule?.next_run_at) throw new Error(`schedule ${scheduleId} is not due`);
    const dueAt = schedule.next_run_at;
    const jobId = newId('job');
    const run = {
      schedule_id: scheduleId,
      due_at: dueAt,
      outcome: 'PENDING' as const,
      job_id: null,
      skip_reason: null,
      detail: null,
      recorded_at: new Date(Date.now() - 20 * 60_000).toISOString(),
    };
    const next = new Date(Date.parse(dueAt) + 24 * HOUR).toISOString();
    expect(await scheduleStore.claimRun(schedule, { ...schedule, next_run_at: next }, run, jobId)).toBe(true);
    return { dueAt, jobId };
  }
  const runsOf = async (scheduleId: string) => (await api.get(`/schedules/${scheduleId}/runs`)).body;
  /** A tick, then the run as it ended: the stack's own timer may be the runner that finishes it. */
  async function tickUntilEnded(scheduleId: string): Promise<any> {
    await runSchedules({ time: new Date().toISOString() });
    for (;;) {
      const [run] = await runsOf(scheduleId);
      if (run.outcome !== 'PENDING') return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('is finished by a later tick: a run whose job was never made is skipped, charging nothing', async () => {
    const created = (await createSchedule({})).body;
    const { dueAt } = await claimAndStop(created.schedule_id);
    expect((await runsOf(created.schedule_id))[0]).toMatchObject({ due_at: dueAt, outcome: 'PENDING' });
    const before = await balance();
    expect(await tickUntilEnded(created.schedule_id)).toMatchObject({
      due_at: dueAt,
      outcome: 'SKIPPED',
      skip_reason: 'RUN_FAILED',
      job_id: null,
    });
    expect(await balance()).toEqual(before);
    // Finished once: the next tick leaves it alone.
    const again = await runSchedules({ time: new Date().toISOString() });
    expect(again.runs.filter((run) => run.schedule_id === created.schedule_id)).toEqual([]);
    expect((await api.delete(`/schedules/${created.schedule_id}`)).status).toBe(204);
  });

  it('is finished by a later tick: a job made and not yet approved is approved, and the run started', async () => {
    const urls = shop.groundTruth.products.slice(0, 2).map((product) => product.url);
    const created = (await createSchedule({ urls })).body;
    const { dueAt, jobId } = await claimAndStop(created.schedule_id);
    const project = await projectStore.get(projectId);
    if (!project) throw new Error('the project is gone');
    // The runner made the job under the claimed id, then stopped before approving it.
    await createScrapeJob(project, { website_id: websiteId, urls }, { evenIfFresh: true, jobId });
    expect((await api.get(`/jobs/scraping/${jobId}`)).body.status).toBe('AWAITING_APPROVAL');
    expect(await tickUntilEnded(created.schedule_id)).toMatchObject({
      due_at: dueAt,
      outcome: 'STARTED',
      job_id: jobId,
    });
    expect((await pollJob(api, `/jobs/scraping/${jobId}`)).job.status).toBe('COMPLETED');
    expect((await api.delete(`/schedules/${created.schedule_id}`)).status).toBe(204);
  });

  it('leaves a stale run it cannot finish for a later tick, and makes the due runs all the same', async () => {
    const stale = (await createSchedule({})).body;
    const store = jobStore();
    const get = store.get.bind(store);
    let jobId = '';
    const failing = vi
      .spyOn(store, 'get')
      .mockImplementation(((id: string) =>
        id === jobId ? Promise.reject(new Error('table unavailable')) : get(id)) as typeof get);
    try {
      ({ jobId } = await claimAndStop(stale.schedule_id));
      const due = (await createSchedule({ monthly_budget: '0.01' })).body;
      const { runs } = await runSchedules({ time: due.next_run_at });
      expect(runs.map((run) => run.schedule_id)).toContain(due.schedule_id);
      expect(failing.mock.calls.map(([id]) => id)).toContain(jobId);
      expect((await runsOf(stale.schedule_id))[0]).toMatchObject({ outcome: 'PENDING' });
      expect((await api.delete(`/schedules/${due.schedule_id}`)).status).toBe(204);
    } finally {
      failing.mockRestore();
    }
    expect((await api.delete(`/schedules/${stale.schedule_id}`)).status).toBe(204);
  });
});

describe('bad input', () => {
  const fieldError = (response: { status: number; body: any }, path: string) => {
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.errors.map((error: any) => error.path)).toContain(path);
  };

  it('refuses a cron expression firing more often than hourly, or malformed', async () => {
    for (const expression of ['* * * * *', '*/30 * * * *', '0,30 9 * * *']) {
      const response = await createSchedule({ cadence: { kind: 'CRON', expression } });
      fieldError(response, 'cadence.expression');
      expect(response.body.errors[0].message).toContain('at most once an hour');
    }
    for (const expression of ['* * * * * *', '61 * * * *', 'every hour', '0 0 31 2 *']) {
      fieldError(await createSchedule({ cadence: { kind: 'CRON', expression } }), 'cadence.expression');
    }
    fieldError(await createSchedule({ cadence: { kind: 'DAILY', time: '24:00' } }), 'cadence.time');
    fieldError(
      await createSchedule({ cadence: { kind: 'WEEKLY', day: 'FUNDAY', time: '06:00' } }),
      'cadence.day',
    );
  });

  it('refuses a budget of 0, a negative one and one with more than two decimals', async () => {
    for (const budget of ['0', 0, '0.00', '-5.00', -1, '1.001', 'lots']) {
      fieldError(await createSchedule({ monthly_budget: budget }), 'monthly_budget');
    }
  });

  it('refuses a time zone that does not exist', async () => {
    for (const zone of ['Europe/Atlantis', 'CEST+1', '']) {
      fieldError(await createSchedule({ time_zone: zone }), 'time_zone');
    }
  });

  it("answers 404 for another project's website and an unknown project, 400 when no URL is the website's", async () => {
    const otherProject = await newProject(customerId, owner.userId, 'Other project');
    expectProblem(await createSchedule({ project_id: otherProject }), 404, 'WEBSITE_NOT_FOUND');
    expectProblem(await createSchedule({ website_id: 'web_unknown' }), 404, 'WEBSITE_NOT_FOUND');
    expectProblem(await createSchedule({ project_id: 'prj_unknown' }), 404, 'PROJECT_NOT_FOUND');
    const none = await createSchedule({ urls: [`${other.origin}/products/x`] });
    expectProblem(none, 400, 'NO_URL_ACCEPTED');
    fieldError(await createSchedule({ variant: 'URLS_ONLY' }), 'variant');
    // Nothing of the refused requests was kept.
    expect((await api.get('/schedules', { query: { project_id: otherProject } })).body).toEqual([]);
  });
});
