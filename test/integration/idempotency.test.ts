import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { startSilentSite } from '#test/jobs';
import { addProjectMember, newUser } from '#test/operator';
import { startOwnedProject } from '#test/owned-project';

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let projectId: string;
let silent: Awaited<ReturnType<typeof startSilentSite>>;

beforeAll(async () => {
  ({ stack, api, customerId, projectId } = await startOwnedProject());
  silent = await startSilentSite();
  // Every analysis is paid, so each setup job created holds its price from the credit.
  await commands['set-quotas']({ customer: customerId, 'free-analyses': '0' });
});

afterAll(async () => {
  await stack?.stop();
  await silent?.close();
});

const setupBody = (path = '') => ({
  url: `${silent.url}${path}`,
  country: 'GB',
  currency: 'GBP',
  project_id: projectId,
});
const setup = (key: string, body: object = setupBody(), client = api) =>
  client.post('/jobs/setup', body, { headers: { 'Idempotency-Key': key } });
const balance = async () => (await api.get(`/customers/${customerId}/billing/balance`)).body;
const setupJobs = async () => (await api.get('/jobs/setup', { query: { project_id: projectId } })).body;
const cancelAll = async () => {
  for (const job of await setupJobs())
    if (job.status !== 'CANCELLED') await api.post(`/jobs/${job.job_id}/cancel`);
};

describe('a creating POST with an Idempotency-Key', () => {
  it('keeps a 4xx answer and replays it, even once the request would now succeed', async () => {
    const refused = await setup('funds-1');
    expectProblem(refused, 402, 'INSUFFICIENT_FUNDS');
    expect(refused.headers.get('idempotent-replayed')).toBeNull();
    await commands.credit({ customer: customerId, amount: '20.00', reason: 'test credit' });
    const replay = await setup('funds-1');
    expectProblem(replay, 402, 'INSUFFICIENT_FUNDS');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.request_id).toBe(refused.body.request_id);
    expect(await setupJobs()).toHaveLength(0);
  });

  it('creates one job and one hold for a request sent twice, and replays the first answer', async () => {
    const first = await setup('setup-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await balance()).toMatchObject({ balance: '20.00', held: '5.00', spendable: '15.00' });
    // The same body with its members in another order is the same request.
    const { project_id, currency, country, url } = setupBody();
    const again = await setup('setup-1', { project_id, currency, country, url });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(again.body).toEqual(first.body);
    expect((await setupJobs()).map((job: { job_id: string }) => job.job_id)).toEqual([first.body.job_id]);
    expect(await balance()).toMatchObject({ balance: '20.00', held: '5.00', spendable: '15.00' });
  });

  it('refuses the key with another body with 422 IDEMPOTENCY_KEY_REUSED, and creates nothing', async () => {
    expectProblem(await setup('setup-1', setupBody('other')), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await setupJobs()).toHaveLength(1);
    expect(await balance()).toMatchObject({ held: '5.00' });
    await cancelAll();
  });

  it('gives one effect to two requests racing with one key', async () => {
    const answers = await Promise.all([
      setup('race-1', setupBody('race')),
      setup('race-1', setupBody('race')),
    ]);
    const created = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    // Either the second arrives while the first runs, or after it answered and gets the replay.
    if (refused.length === 1) {
      expect(created).toHaveLength(1);
      for (const answer of refused) expectProblem(answer, 409, 'IDEMPOTENCY_KEY_IN_USE');
    } else {
      expect(created).toHaveLength(2);
      expect(created[0]?.body.job_id).toBe(created[1]?.body.job_id);
      expect(created.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(
        1,
      );
    }
    const open = (await setupJobs()).filter((job: { status: string }) => job.status !== 'CANCELLED');
    expect(open.map((job: { job_id: string }) => job.job_id)).toEqual([created[0]?.body.job_id]);
    expect(await balance()).toMatchObject({ balance: '20.00', held: '5.00' });
    await cancelAll();
  });

  it('refuses a key of 300 characters or with characters outside printable ASCII with 422', async () => {
    const long = await setup('k'.repeat(300));
    expectProblem(long, 422, 'IDEMPOTENCY_KEY_INVALID');
    expect(long.body.errors).toEqual([
      { location: 'header', path: 'Idempotency-Key', message: expect.stringMatching(/255/) },
    ]);
    expectProblem(await setup('tab\tkey'), 422, 'IDEMPOTENCY_KEY_INVALID');
    expect((await setupJobs()).filter((job: { status: string }) => job.status !== 'CANCELLED')).toEqual([]);
  });

  it("keeps each user's keys apart: another user's same request with the same key runs anew", async () => {
    const member = await newUser();
    await addProjectMember(projectId, member.userId, 'ADMIN');
    const mine = await setup('shared-key', setupBody('shared'));
    expect(mine.status).toBe(201);
    // One open setup per website: the first is cancelled so the second can only be a new job or a replay.
    await cancelAll();
    const theirs = await setup('shared-key', setupBody('shared'), api.withKey(member.apiKey));
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.job_id).not.toBe(mine.body.job_id);
    await cancelAll();
  });

  it('keeps a key per route: the same key on a top-up starts one checkout session', async () => {
    const topup = (amount: string) =>
      api.post(
        `/customers/${customerId}/billing/topup`,
        { amount },
        { headers: { 'Idempotency-Key': 'setup-1' } },
      );
    const first = await topup('50.00');
    expect(first.status).toBe(201);
    const again = await topup('50.00');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.session_id).toBe(first.body.session_id);
    expectProblem(await topup('60.00'), 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('runs every request without a key, as before', async () => {
    const one = await api.post('/jobs/setup', setupBody('nokey'));
    expect(one.status).toBe(201);
    expect(one.headers.get('idempotent-replayed')).toBeNull();
    await cancelAll();
  });
});
