import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import { testShops } from '#fixtures/default-shops';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { pollJob, startSilentSite } from '#test/jobs';
import { addProjectMember, newProject, newUser } from '#test/operator';
import { startOwnedProject } from '#test/owned-project';

// This file asserts no crawl timing: the lanes crawl its shops without the politeness gap, and
// without the slowed pace after shopify-jsonld-en's 429 (its Retry-After is still waited out).
process.env.CRAWL_MIN_DELAY_MS = '0';
process.env.CRAWL_PUSHBACK_INTERVAL_MS = '10';

/** One shop per way of carrying product data: JSON-LD, microdata, Open Graph, plain HTML. */
const FLAVOURS = [
  'shopify-jsonld-en',
  'magento-microdata-fr',
  'woocommerce-opengraph-en',
  'woocommerce-plain-en',
];

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let owner: { userId: string; apiKey: string };
let projectId: string;
let shops: Map<string, RunningShop>;
let silent: Awaited<ReturnType<typeof startSilentSite>>;

beforeAll(async () => {
  ({ stack, api, customerId, owner, projectId } = await startOwnedProject());
  // Enough free analyses for every setup of this file; paid setups have their own test file.
  await commands['set-quotas']({ customer: customerId, 'free-analyses': '100' });
  const started = await Promise.all(
    FLAVOURS.map((name) =>
      startShop(testShops.find((shop) => shop.name === name) as (typeof testShops)[number]),
    ),
  );
  shops = new Map(started.map((shop) => [shop.spec.name, shop]));
  silent = await startSilentSite();
});

afterAll(async () => {
  await stack?.stop();
  await Promise.all([...(shops?.values() ?? [])].map((shop) => shop.close()));
  await silent?.close();
});

const setupBody = (url: string, project = projectId) => ({
  url,
  country: 'DE',
  currency: 'EUR',
  project_id: project,
});

/** What a job's progress looked like at each poll, to see it move without timing anything. */
const progressTrail = (seen: any[]) =>
  seen.map((job) => JSON.stringify([job.status, job.analysis_progress, job.train_progress]));

const completed = new Map<string, any>();

describe('a setup job on each test-shop flavour', () => {
  it.concurrent.each(FLAVOURS)(
    '%s: analyses, trains and lands a website whose sample is the shop’s truth',
    async (name) => {
      const shop = shops.get(name) as RunningShop;
      const created = await api.post('/jobs/setup', {
        ...setupBody(`${shop.url}some/page?utm=1`),
        country: shop.groundTruth.shop.country,
        currency: shop.groundTruth.shop.currency,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ job_type: 'WEBSITE_SETUP', status: 'CREATED', website_id: null });

      const { job, seen } = await pollJob(api, `/jobs/setup/${created.body.job_id}`);
      expect(job.status).toBe('COMPLETED');
      expect(job.website_id).toMatch(/^web_/);
      expect(job.analysis_progress).toMatchObject({
        is_ecommerce: true,
        language: shop.groundTruth.shop.language,
        products_estimate: expect.any(Number),
      });
      expect(job.train_progress).toMatchObject({ phase: 'DONE', percent: 100 });
      expect(job.estimate).toMatchObject({
        currency: 'EUR',
        quantity: job.analysis_progress.products_estimate,
      });
      // Progress was read while the job ran: it changed between polls before the job ended.
      const running = seen.filter(
        (snapshot) => !['COMPLETED', 'FAILED', 'CANCELLED'].includes(snapshot.status),
      );
      expect(new Set(progressTrail(running)).size).toBeGreaterThan(1);
      expect(running.some((snapshot) => snapshot.analysis_progress || snapshot.train_progress)).toBe(true);

      const sample = await api.get(`/websites/${job.website_id}/sample`);
      expect(sample.status).toBe(200);
      expect(sample.body.website_id).toBe(job.website_id);
      expect(sample.body.products.length).toBeGreaterThan(0);
      const truth = new Map(shop.groundTruth.products.map((product) => [product.url, product]));
      const read = new Set<string>();
      for (const {
        scraped_at,
        source,
        canonical_url,
        variant_group,
        variant_attributes,
        unit_price,
        unit,
        field_sources,
        ...product
      } of sample.body.products) {
        expect(Date.parse(scraped_at)).not.toBeNaN();
        // The test shops name each product page itself as canonical, where they name one.
        expect([product.url, null]).toContain(canonical_url);
        expect(Object.keys(source)).toEqual(expect.arrayContaining(['name', 'price']));
        // Their names state no quantity; a page with sizes is a group named by the page.
        expect([unit_price, unit]).toEqual([null, null]);
        expect([null, product.url]).toContain(variant_group);
        expect(variant_attributes === null).toBe(variant_group === null);
        // A page offering variants lists the variant it shows first: that one is the truth's.
        if (read.has(product.url)) continue;
        read.add(product.url);
        expect(field_sources).toMatchObject({ name: expect.any(String), price: expect.any(String) });
        expect(product).toEqual(truth.get(product.url));
      }
      completed.set(name, job);
    },
  );
});

describe('POST /jobs/setup', () => {
  it('answers 422 for a missing field and 400 for an invalid URL, country or currency', async () => {
    expect(
      (await api.post('/jobs/setup', { url: 'https://shop.example', project_id: projectId })).status,
    ).toBe(422);
    expectProblem(await api.post('/jobs/setup', setupBody('ftp://shop.example/')), 400, 'INVALID_URL');
    expectProblem(await api.post('/jobs/setup', setupBody('not a url at all')), 400, 'INVALID_URL');
    expectProblem(
      await api.post('/jobs/setup', { ...setupBody('https://shop.example'), country: 'XX' }),
      400,
      'INVALID_COUNTRY',
    );
    expectProblem(
      await api.post('/jobs/setup', { ...setupBody('https://shop.example'), currency: 'EURO' }),
      400,
      'INVALID_CURRENCY',
    );
  });

  it('answers 404 for an unknown project and for another project of a PROJECT key, 403 for a VIEWER', async () => {
    expectProblem(
      await api.post('/jobs/setup', setupBody(silent.url, 'prj_unknown')),
      404,
      'PROJECT_NOT_FOUND',
    );
    const otherProject = await newProject(customerId, owner.userId, 'Other');
    const projectKey = (await api.post('/account/api-keys', { project_id: otherProject })).body.api_key;
    expectProblem(
      await api.withKey(projectKey).post('/jobs/setup', setupBody(silent.url)),
      404,
      'PROJECT_NOT_FOUND',
    );
    const viewer = await newUser();
    await addProjectMember(projectId, viewer.userId, 'VIEWER');
    expectProblem(
      await api.withKey(viewer.apiKey).post('/jobs/setup', setupBody(silent.url)),
      403,
      'INSUFFICIENT_ROLE',
    );
  });

  it('answers 200 with the open setup job of the same website, whatever the path, and 201 elsewhere', async () => {
    const project = await newProject(customerId, owner.userId, 'Open jobs');
    const first = await api.post('/jobs/setup', setupBody(silent.url, project));
    expect(first.status).toBe(201);
    const again = await api.post('/jobs/setup', setupBody(`${silent.url}products/x?page=2`, project));
    expect(again.status).toBe(200);
    expect(again.body.job_id).toBe(first.body.job_id);
    // Another project has its own setup of the same website.
    const elsewhere = await api.post('/jobs/setup', setupBody(silent.url, projectId));
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.job_id).not.toBe(first.body.job_id);
    for (const job of [first.body, elsewhere.body]) {
      expect((await api.post(`/jobs/${job.job_id}/cancel`)).status).toBe(200);
    }
  });

  it('gives two concurrent identical creates one job', async () => {
    const project = await newProject(customerId, owner.userId, 'Racing creates');
    const answers = await Promise.all(
      [1, 2, 3].map(() => api.post('/jobs/setup', setupBody(silent.url, project))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.job_id)).size).toBe(1);
    const listed = await api.get('/jobs/setup', { query: { project_id: project } });
    expect(listed.body).toHaveLength(1);
    await api.post(`/jobs/${answers[0]?.body.job_id}/cancel`);
  });

  it('gives a project without localization the country and currency of its job', async () => {
    const project = await newProject(customerId, owner.userId, 'No market yet');
    expect((await api.patch(`/projects/${project}`, { localization: null })).status).toBe(200);
    const created = await api.post('/jobs/setup', {
      ...setupBody(silent.url, project),
      country: 'CZ',
      currency: 'CZK',
    });
    expect(created.status).toBe(201);
    expect((await api.get(`/projects/${project}`)).body.localization).toEqual({
      country: 'CZ',
      currency: 'CZK',
      locale: 'cs-CZ',
    });
    await api.post(`/jobs/${created.body.job_id}/cancel`);
  });

  it('completes at once, without a new analysis, for a website already in the project', async () => {
    const shop = shops.get('shopify-jsonld-en') as RunningShop;
    const landed = completed.get('shopify-jsonld-en');
    const requestsBefore = shop.requests.length;
    const reused = await api.post('/jobs/setup', setupBody(`${shop.origin}/another/page`));
    expect(reused.status).toBe(201);
    expect(reused.body).toMatchObject({ status: 'COMPLETED', website_id: landed.website_id });
    expect(reused.body.job_id).not.toBe(landed.job_id);
    expect(shop.requests.length).toBe(requestsBefore);
  });
});

describe('GET /jobs/setup', () => {
  it('lists newest first, honours limit and website_id, and answers 404 for an unknown project', async () => {
    const all = await api.get('/jobs/setup', { query: { project_id: projectId, limit: 100 } });
    expect(all.status).toBe(200);
    const created = all.body.map((job: any) => job.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const two = await api.get('/jobs/setup', { query: { project_id: projectId, limit: 2 } });
    expect(two.body.map((job: any) => job.job_id)).toEqual(
      all.body.slice(0, 2).map((job: any) => job.job_id),
    );
    const website = completed.get('shopify-jsonld-en').website_id;
    const ofWebsite = await api.get('/jobs/setup', { query: { project_id: projectId, website_id: website } });
    expect(ofWebsite.body.length).toBe(2);
    expect(ofWebsite.body.every((job: any) => job.website_id === website)).toBe(true);
    expect((await api.get('/jobs/setup', { query: { project_id: projectId, limit: 0 } })).status).toBe(422);
    expect((await api.get('/jobs/setup', { query: { project_id: projectId, limit: 101 } })).status).toBe(422);
    expectProblem(
      await api.get('/jobs/setup', { query: { project_id: 'prj_unknown' } }),
      404,
      'PROJECT_NOT_FOUND',
    );
  });

  it('reads one job, and answers 404 for an unknown job and for a job of a project the caller cannot see', async () => {
    const job = completed.get('woocommerce-plain-en');
    expect((await api.get(`/jobs/setup/${job.job_id}`)).body).toMatchObject({ job_id: job.job_id });
    expectProblem(await api.get('/jobs/setup/job_unknown'), 404, 'JOB_NOT_FOUND');
    const stranger = await newUser();
    expectProblem(await api.withKey(stranger.apiKey).get(`/jobs/setup/${job.job_id}`), 404, 'JOB_NOT_FOUND');
  });
});

describe('DELETE /jobs/setup/{job_id}', () => {
  it('refuses a running job and one with a website (409), needs ADMIN, and removes a failed one', async () => {
    const project = await newProject(customerId, owner.userId, 'Removals');
    const running = await api.post('/jobs/setup', setupBody(silent.url, project));
    expectProblem(await api.delete(`/jobs/setup/${running.body.job_id}`), 409, 'JOB_RUNNING');
    const withWebsite = completed.get('woocommerce-opengraph-en');
    expectProblem(await api.delete(`/jobs/setup/${withWebsite.job_id}`), 409, 'JOB_HAS_WEBSITE');

    const unreachable = await api.post('/jobs/setup', setupBody('http://127.0.0.1:9/', project));
    const { job: failed } = await pollJob(api, `/jobs/setup/${unreachable.body.job_id}`);
    expect(failed).toMatchObject({ status: 'FAILED', website_id: null });
    const editor = await newUser();
    await addProjectMember(project, editor.userId, 'EDITOR');
    expectProblem(
      await api.withKey(editor.apiKey).delete(`/jobs/setup/${failed.job_id}`),
      403,
      'INSUFFICIENT_ROLE',
    );
    expect((await api.delete(`/jobs/setup/${failed.job_id}`)).status).toBe(204);
    expectProblem(await api.get(`/jobs/setup/${failed.job_id}`), 404, 'JOB_NOT_FOUND');
    const listed = await api.get('/jobs/setup', { query: { project_id: project } });
    expect(listed.body.map((job: any) => job.job_id)).toEqual([running.body.job_id]);
    await api.post(`/jobs/${running.body.job_id}/cancel`);
  });
});
