import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#core/ids';
import { newJobRecord, type StoredJob } from '#core/job-record';
import { jobStore } from '#jobs/job-services';
import type { SetupFields } from '#jobs/setup-job';
import type { ApiClient } from '../helpers/api-client.ts';
import { expectProblem } from '../helpers/expect-problem.ts';
import { newProject, newUser } from '../helpers/operator.ts';
import { type OwnedProject, startOwnedProject } from '../helpers/owned-project.ts';

let owned: OwnedProject;
let api: ApiClient;

/** A finished setup job written straight to the store: listing is what is under test, not creating. */
function failedSetupJob(projectId: string, customerId: string): StoredJob<SetupFields> {
  return {
    ...newJobRecord({
      job_id: newId('job'),
      job_type: 'WEBSITE_SETUP',
      status: 'FAILED',
      project_id: projectId,
      website_id: null,
      estimate: null,
      customer_id: customerId,
      locks: [],
      now: new Date().toISOString(),
    }),
    url: 'https://shop.example/',
    country: 'CZ',
    currency: 'CZK',
    domain: 'shop.example',
    analysis_progress: null,
    train_progress: null,
    analysis_charge: { kind: 'NONE' },
    analysis_seeds: null,
  };
}

async function putJobs(count: number, projectId = owned.projectId): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, () =>
      failedSetupJob(projectId, owned.customerId),
    );
    await Promise.all(batch.map((job) => jobStore().put(job)));
    ids.push(...batch.map((job) => job.job_id));
  }
  return ids;
}

/** The cursor of the next page, read from the Link header (checked against X-Next-Cursor). */
function nextCursor(headers: Headers): string | undefined {
  const link = headers.get('link');
  if (!link) {
    expect(headers.get('x-next-cursor')).toBeNull();
    return undefined;
  }
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  if (!match?.[1]) throw new Error(`Not a next link: ${link}`);
  const url = new URL(match[1]);
  expect(`${url.origin}${url.pathname}`).toBe(`${owned.stack.baseUrl}/jobs/setup`);
  expect(url.searchParams.get('project_id')).toBe(owned.projectId);
  const cursor = url.searchParams.get('cursor') ?? undefined;
  expect(headers.get('x-next-cursor')).toBe(cursor);
  return cursor;
}

beforeAll(async () => {
  owned = await startOwnedProject();
  api = owned.api;
}, 120_000);

afterAll(() => owned?.stack.stop());

describe('cursor paging of lists', () => {
  let firstPageCursor: string;

  it('pages through 250 jobs, each exactly once, while new jobs are created between pages', async () => {
    const existing = await putJobs(250);
    const seen: string[] = [];
    const created: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await api.get('/jobs/setup', {
        query: { project_id: owned.projectId, limit: 60, cursor },
      });
      expect(page.status).toBe(200);
      expect(Array.isArray(page.body)).toBe(true);
      seen.push(...page.body.map((job: { job_id: string }) => job.job_id));
      cursor = nextCursor(page.headers);
      if (pages === 0 && cursor) firstPageCursor = cursor;
      pages++;
      created.push(...(await putJobs(7)));
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...existing].sort().reverse());
    expect(seen.filter((jobId) => created.includes(jobId))).toEqual([]);
  }, 120_000);

  it('ends without a next link on a page that holds the last job', async () => {
    const otherProject = await newProject(owned.customerId, owned.owner.userId, 'Exactly one page');
    await putJobs(5, otherProject);
    const page = await api.get('/jobs/setup', { query: { project_id: otherProject, limit: 5 } });
    expect(page.body).toHaveLength(5);
    expect(page.headers.get('link')).toBeNull();
    expect(page.headers.get('x-next-cursor')).toBeNull();
  });

  it('refuses a cursor of another project, another list, a changed one and a malformed one with 422 INVALID_CURSOR', async () => {
    const otherProject = await newProject(owned.customerId, owned.owner.userId, 'Another project');
    await putJobs(3, otherProject);
    const foreign = await api.get('/jobs/setup', {
      query: { project_id: otherProject, cursor: firstPageCursor },
    });
    expectProblem(foreign, 422, 'INVALID_CURSOR');
    const otherList = await api.get('/jobs/scraping', {
      query: { project_id: owned.projectId, cursor: firstPageCursor },
    });
    expectProblem(otherList, 422, 'INVALID_CURSOR');
    const changed = `${firstPageCursor.slice(0, 4)}${firstPageCursor[4] === 'A' ? 'B' : 'A'}${firstPageCursor.slice(5)}`;
    for (const cursor of [changed, 'not-a-cursor', ''])
      expectProblem(
        await api.get('/jobs/setup', { query: { project_id: owned.projectId, cursor } }),
        422,
        'INVALID_CURSOR',
      );
    const same = await api.get('/jobs/setup', {
      query: { project_id: owned.projectId, cursor: firstPageCursor },
    });
    expect(same.status).toBe(200);
  });

  it("pages through the user's API keys and projects, each exactly once", async () => {
    for (let i = 0; i < 4; i++)
      expect((await api.post('/account/api-keys', { name: `key ${i}` })).status).toBe(201);
    for (const path of ['/account/api-keys', '/projects']) {
      const whole = await api.get(path, { query: { limit: 100 } });
      expect(whole.headers.get('link')).toBeNull();
      const seen: unknown[] = [];
      let cursor: string | undefined;
      do {
        const page = await api.get(path, { query: { limit: 2, cursor } });
        expect(page.status).toBe(200);
        expect(page.body.length).toBeLessThanOrEqual(2);
        seen.push(...page.body);
        cursor = page.headers.get('x-next-cursor') ?? undefined;
        if (cursor) expect(page.headers.get('link')).toContain(`cursor=${cursor}`);
      } while (cursor);
      expect(whole.body.length).toBeGreaterThan(2);
      expect(seen).toEqual(whole.body);
    }
  });

  it("refuses another user's cursor of the same list", async () => {
    const page = await api.get('/account/api-keys', { query: { limit: 1 } });
    const cursor = page.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const other = await newUser(owned.customerId, 'ADMIN');
    const theirs = await api
      .withKey(other.apiKey)
      .get('/account/api-keys', { query: { cursor: cursor ?? '' } });
    expectProblem(theirs, 422, 'INVALID_CURSOR');
  });
});
