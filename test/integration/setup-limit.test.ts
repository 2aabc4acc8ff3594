import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { startSilentSite } from '#test/jobs';
import { expectSettledLedger } from '#test/ledger-check';
import { addProjectMember, newUser } from '#test/operator';
import { startOwnedProject } from '#test/owned-project';

/**
 * The hourly cap on a customer's setup jobs (issue 18, point 6): a loop of setups, each of which
 * would start a crawl, is refused with 429 once the customer has started the stage's number of
 * setups in the last 60 minutes.
 */

const CAP = 8;
const DEFAULT = process.env.SETUP_LIMIT_PER_HOUR;

let stack: RunningStack;
/** Silent sites: each is a website of its own (its port), and a setup on it stays in its analysis. */
let sites: Awaited<ReturnType<typeof startSilentSite>>[];

beforeAll(async () => {
  // The setup handler reads the cap when the stack first loads it, which is after this.
  process.env.SETUP_LIMIT_PER_HOUR = String(CAP);
  ({ stack } = await startOwnedProject());
  sites = await Promise.all(Array.from({ length: 2 * CAP }, () => startSilentSite()));
});

afterAll(async () => {
  await stack?.stop();
  await Promise.all(sites.map((site) => site.close()));
  if (DEFAULT === undefined) delete process.env.SETUP_LIMIT_PER_HOUR;
  else process.env.SETUP_LIMIT_PER_HOUR = DEFAULT;
});

/** A customer of its own with credit for paid analyses, so only the cap can refuse its setups. */
async function creditedCustomer(): Promise<{ api: ApiClient; customerId: string; projectId: string }> {
  const owned = await startOwnedProject({ stack });
  await commands.credit({ customer: owned.customerId, amount: '100.00', reason: 'setup cap test' });
  return owned;
}

function urlOf(index: number): string {
  const site = sites[index];
  if (!site) throw new Error(`No silent site ${index}`);
  return site.url;
}

const setupOn = (api: ApiClient, projectId: string, url: string) =>
  api.post('/jobs/setup', { url, country: 'GB', currency: 'GBP', project_id: projectId });

async function cancelAll(api: ApiClient, jobIds: string[]): Promise<void> {
  for (const jobId of jobIds) expect((await api.post(`/jobs/${jobId}/cancel`)).status).toBe(200);
}

describe('hourly cap on setup jobs per customer', () => {
  it('refuses the setup past the cap with 429 SETUP_LIMIT_REACHED and Retry-After, creating nothing', async () => {
    const { api, customerId, projectId } = await creditedCustomer();
    const created = [];
    for (const site of sites.slice(0, CAP)) {
      const answer = await setupOn(api, projectId, site.url);
      expect(answer.status).toBe(201);
      created.push(answer.body.job_id as string);
    }

    const refused = await setupOn(api, projectId, urlOf(CAP));
    expectProblem(refused, 429, 'SETUP_LIMIT_REACHED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.body).toMatchObject({ retry_after_seconds: retryAfter });
    expect((await api.get('/jobs/setup', { query: { project_id: projectId } })).body).toHaveLength(CAP);

    // Asking again for a website whose setup is open creates nothing, so the cap does not refuse it.
    const again = await setupOn(api, projectId, urlOf(0));
    expect(again.status).toBe(200);
    expect(again.body.job_id).toBe(created[0]);

    // Cancelled setups were still started within the hour.
    await cancelAll(api, created);
    expectProblem(await setupOn(api, projectId, urlOf(CAP)), 429, 'SETUP_LIMIT_REACHED');

    expect((await api.get('/account')).status).toBe(200);
    expect(await expectSettledLedger(customerId)).toMatchObject({ balance: 10_000, held: 0 });
  });

  it('counts each customer on its own', async () => {
    const first = await creditedCustomer();
    const second = await creditedCustomer();
    const firsts = [];
    for (const site of sites.slice(0, CAP)) firsts.push(await setupOn(first.api, first.projectId, site.url));
    expect(firsts.map((answer) => answer.status)).toEqual(Array(CAP).fill(201));
    const other = await setupOn(second.api, second.projectId, urlOf(0));
    expect(other.status).toBe(201);
    await cancelAll(
      first.api,
      firsts.map((answer) => answer.body.job_id),
    );
    await cancelAll(second.api, [other.body.job_id]);
    await expectSettledLedger(first.customerId);
    await expectSettledLedger(second.customerId);
  });

  it('never lets racing setups of one customer pass the cap together, nor fail each other', async () => {
    const { api, customerId, projectId } = await creditedCustomer();
    // One project admin per request: each key's own rate limit stays out of the race.
    const admins = await Promise.all(
      sites.map(async () => {
        const member = await newUser(customerId, 'MEMBER');
        await addProjectMember(projectId, member.userId, 'ADMIN');
        return member;
      }),
    );
    const answers = await Promise.all(
      sites.map((site, index) => setupOn(api.withKey(admins[index]?.apiKey ?? null), projectId, site.url)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(CAP).fill(201), ...Array(sites.length - CAP).fill(429)]);
    for (const answer of answers.filter((answer) => answer.status === 429))
      expectProblem(answer, 429, 'SETUP_LIMIT_REACHED');
    const jobs = (await api.get('/jobs/setup', { query: { project_id: projectId } })).body;
    expect(jobs).toHaveLength(CAP);
    await cancelAll(
      api,
      jobs.map((job: { job_id: string }) => job.job_id),
    );
    expect(await expectSettledLedger(customerId)).toMatchObject({ balance: 10_000, held: 0 });
  });
});
