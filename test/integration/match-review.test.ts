import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '#admin/commands';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient, ApiResponse } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { pollJob } from '#test/jobs';
import { addProjectMember, newProject, newUser } from '#test/operator';
import { landWebsite, startOwnedProject } from '#test/owned-project';
import { readCsvObjects } from '#test/read-csv';

// This file asserts no crawl timing: the lanes crawl its local shops without their politeness gap.
process.env.CRAWL_MIN_DELAY_MS = '0';

/**
 * Two shops selling windows of one product range: the reference sells items 100..159, the
 * competitor 120..159, so the engine proposes about 40 pairs. Users review them through
 * /projects/{project_id}/match-decisions and the match files show the review.
 */
const BASE: Omit<ShopSpec, 'name' | 'products'> = {
  seed: 'review-range',
  platform: 'shopify',
  data: 'JSONLD',
  language: 'en',
  market: 'US',
  theme: 'ELECTRONICS',
  sitemap: 'INDEX',
};
const REFERENCE: ShopSpec = { ...BASE, name: 'review-reference', products: 60, catalogOffset: 100 };
const COMPETITOR: ShopSpec = { ...BASE, name: 'review-competitor', products: 40, catalogOffset: 120 };

let stack: RunningStack;
let api: ApiClient;
let customerId: string;
let owner: { userId: string; apiKey: string };
let projectId: string;
let shops: RunningShop[];
let referenceId: string;
let competitorId: string;

async function runJob(path: string, body: Record<string, unknown>): Promise<any> {
  const created = await api.post(path, body);
  if (created.status !== 201) throw new Error(`${path} answered ${created.status}: ${created.text}`);
  await api.post(`${path}/${created.body.job_id}/approve`);
  const { job } = await pollJob(api, `${path}/${created.body.job_id}`);
  if (job.status !== 'COMPLETED') throw new Error(`${path} job ended ${job.status}: ${job.error}`);
  return job;
}

const runMatching = () =>
  runJob('/jobs/matching', {
    project_id: projectId,
    reference_website_id: referenceId,
    competitor_website_ids: [competitorId],
  });

beforeAll(async () => {
  ({ stack, api, customerId, owner, projectId } = await startOwnedProject());
  await commands.credit({ customer: customerId, amount: '20.00', reason: 'match review tests' });
  shops = await Promise.all([REFERENCE, COMPETITOR].map(startShop));
  const ids = await Promise.all(
    shops.map(
      async (shop) =>
        (await landWebsite(api, projectId, shop.url, { country: 'US', currency: 'USD' })).website_id,
    ),
  );
  [referenceId, competitorId] = ids as [string, string];

  for (const websiteId of [referenceId, competitorId])
    await runJob('/jobs/scraping', { project_id: projectId, website_id: websiteId });
  await runMatching();
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await Promise.all((shops ?? []).map((shop) => shop.close()));
});

async function download(dataset: 'matches' | 'price_comparison') {
  const link = await api.get(`/exports/${dataset}/url`, {
    query: { project_id: projectId, website_id: referenceId },
  });
  expect(link.status).toBe(200);
  return readCsvObjects(await (await fetch(link.body.url)).text());
}

/** The matches file as `reference url > competitor url` -> match_status. */
async function matchStatuses(): Promise<Map<string, string>> {
  const rows = await download('matches');
  return new Map(
    rows.map((row) => [`${row.reference_url} > ${row.competitor_url}`, row.match_status as string]),
  );
}

const decisions = `/projects/{project_id}/match-decisions`;
const decisionsOf = (project: string) => decisions.replace('{project_id}', project);
const pairOf = (row: Record<string, string>) => ({
  reference_website_id: referenceId,
  reference_url: row.reference_url as string,
  competitor_website_id: competitorId,
  competitor_url: row.competitor_url as string,
});
const decide = (pair: ReturnType<typeof pairOf>, decision: string, client = api, project = projectId) =>
  client.post(decisionsOf(project), { ...pair, decision });
const keyOf = (pair: ReturnType<typeof pairOf>) => `${pair.reference_url} > ${pair.competitor_url}`;

describe('match review', () => {
  let proposals: ReturnType<typeof pairOf>[];

  it('starts with every match proposed, AUTO or for review by its confidence, and compares the AUTO ones', async () => {
    const rows = await download('matches');
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const row of rows) expect(row.match_status).toBe(Number(row.confidence) >= 0.95 ? 'auto' : 'review');
    proposals = rows.map((row) => pairOf(row as Record<string, string>));
    const comparison = await download('price_comparison');
    expect(comparison).toHaveLength(60);
    const auto = rows.filter((row) => row.match_status === 'auto');
    expect(auto.length).toBeGreaterThanOrEqual(30);
    expect(comparison.filter((row) => row[`${competitorId}_url`]).length).toBe(auto.length);
    for (const row of comparison) {
      const status = row[`${competitorId}_competitor_status`];
      if (row[`${competitorId}_url`]) {
        expect(row[`${competitorId}_match_status`]).toBe('auto');
        expect(status).toBe('MATCHED');
      } else expect(['REVIEW', 'NO_MATCH']).toContain(status);
    }
    // The reference sells 20 products the competitor does not: they are no match.
    expect(
      comparison.filter((row) => row[`${competitorId}_competitor_status`] === 'NO_MATCH').length,
    ).toBeGreaterThanOrEqual(15);
    expect((await api.get(decisionsOf(projectId))).body).toEqual([]);
  });

  it("answers the price comparison file's rows as items, each once across pages by cursor; 422 and 404 like the review queue", async () => {
    const comparison = `/projects/${projectId}/price-comparison`;
    const rows = new Map((await download('price_comparison')).map((row) => [row.reference_url, row]));
    const items: any[] = [];
    let cursor: string | undefined;
    do {
      const answer = await api.get(comparison, { query: { website_id: referenceId, limit: 25, cursor } });
      expect(answer.status).toBe(200);
      items.push(...answer.body);
      cursor = answer.headers.get('x-next-cursor') ?? undefined;
    } while (cursor);
    expect(items.map((item) => item.reference_url).sort()).toEqual([...rows.keys()].sort());
    for (const item of items) {
      const row = rows.get(item.reference_url) ?? {};
      const [rival] = item.competitors;
      expect(rival.website_id).toBe(competitorId);
      expect(rival.competitor_status).toBe(row[`${competitorId}_competitor_status`]);
      expect(rival.url ?? '').toBe(row[`${competitorId}_url`]);
      expect(item.reference_price ?? '').toBe(row.reference_price);
      expect(rival.price ?? '').toBe(row[`${competitorId}_price`]);
      if (item.reference_price && rival.price)
        expect(Number(rival.gap)).toBeCloseTo(Number(rival.price) - Number(item.reference_price), 6);
      else expect(rival.gap).toBeNull();
    }
    expect(items.some((item) => item.competitors[0].gap !== null)).toBe(true);
    expect((await api.get(comparison)).status).toBe(422);
    expectProblem(
      await api.get(comparison, { query: { website_id: 'web_unknown' } }),
      404,
      'WEBSITE_NOT_FOUND',
    );
  });

  it('validates auto_accept_confidence, 0 to 1, and bands the files by it', async () => {
    const patch = (value: unknown) => api.patch(`/projects/${projectId}`, { auto_accept_confidence: value });
    for (const bad of [1.5, -0.1, 'abc']) expect((await patch(bad)).status).toBe(422);
    expect((await patch(0)).body.auto_accept_confidence).toBe(0);
    expect(new Set((await download('matches')).map((row) => row.match_status))).toEqual(new Set(['auto']));
    expect((await patch(1)).body.auto_accept_confidence).toBe(1);
    for (const row of await download('matches'))
      expect(row.match_status).toBe(Number(row.confidence) >= 1 ? 'auto' : 'review');
    expect((await patch(null)).body.auto_accept_confidence).toBe(0.95);
  });

  it('queues the pairs waiting for review, most telling first, with alternatives, paged by cursor', async () => {
    const review = `/projects/${projectId}/match-review`;
    // Equal GTINs decide (confidence 1): at threshold 1 every pair without them waits for review.
    await api.patch(`/projects/${projectId}`, { auto_accept_confidence: 1 });
    const waiting = (await download('matches')).filter((row) => row.match_status === 'review');
    expect(waiting.length).toBeGreaterThan(0);
    const whole = await api.get(review, { query: { website_id: referenceId } });
    expect(whole.status).toBe(200);
    const items = whole.body as any[];
    expect(new Set(items.map((item) => `${item.reference_url} > ${item.competitor_url}`))).toEqual(
      new Set(waiting.map((row) => `${row.reference_url} > ${row.competitor_url}`)),
    );
    for (const [i, item] of items.entries()) {
      expect(item.confidence).toBeLessThan(1);
      expect(item.reference_name).toEqual(expect.any(String));
      expect(item.reference).toMatchObject({ price: expect.any(String), currency: expect.any(String) });
      expect(item.competitor).toMatchObject({ price: expect.any(String), currency: expect.any(String) });
      expect(item.alternatives.length).toBeLessThanOrEqual(3);
      for (const alternative of item.alternatives)
        expect(alternative).toMatchObject({ confidence: expect.any(Number), evidence: expect.any(String) });
      if (i > 0) expect(item.impact).toBeLessThanOrEqual(items[i - 1].impact);
    }
    // One item a page, following the cursor, gives the same queue.
    const paged: any[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse = await api.get(review, {
        query: { website_id: referenceId, limit: '1', ...(cursor ? { cursor } : {}) },
      });
      expect(page.status).toBe(200);
      paged.push(...page.body);
      cursor = page.headers.get('x-next-cursor');
    } while (cursor);
    expect(paged).toEqual(items);

    // A decision takes its pair out of the queue; withdrawn, the pair is back.
    const [first] = items;
    const pair = {
      reference_website_id: referenceId,
      reference_url: first.reference_url,
      competitor_website_id: competitorId,
      competitor_url: first.competitor_url,
    };
    const accepted = await decide(pair, 'ACCEPTED');
    expect(accepted.status).toBe(201);
    expect(accepted.body.decision_id).toBe(first.pair_id);
    const after = (await api.get(review, { query: { website_id: referenceId } })).body as any[];
    expect(after.map((item) => item.pair_id)).toEqual(items.slice(1).map((item) => item.pair_id));
    const compared = (await download('price_comparison')).find(
      (row) => row.reference_url === first.reference_url,
    );
    expect(compared?.[`${competitorId}_competitor_status`]).toBe('MATCHED');
    expect((await api.delete(`${decisionsOf(projectId)}/${first.pair_id}`)).status).toBe(204);
    expect((await api.get(review, { query: { website_id: referenceId } })).body).toEqual(items);

    await api.patch(`/projects/${projectId}`, { auto_accept_confidence: 0 });
    expect((await api.get(review, { query: { website_id: referenceId } })).body).toEqual([]);
    await api.patch(`/projects/${projectId}`, { auto_accept_confidence: null });
  });

  it("answers 422 without a website, 404 for another project's website or project, 200 to a VIEWER", async () => {
    const review = `/projects/${projectId}/match-review`;
    expect((await api.get(review)).status).toBe(422);
    expectProblem(await api.get(review, { query: { website_id: 'web_unknown' } }), 404, 'WEBSITE_NOT_FOUND');
    const viewer = await newUser();
    await addProjectMember(projectId, viewer.userId, 'VIEWER');
    expect(
      (await api.withKey(viewer.apiKey).get(review, { query: { website_id: referenceId } })).status,
    ).toBe(200);
    const other = await newProject(customerId, owner.userId, 'Other review');
    const asOther = api.withKey((await api.post('/account/api-keys', { project_id: other })).body.api_key);
    expectProblem(
      await asOther.get(review, { query: { website_id: referenceId } }),
      404,
      'PROJECT_NOT_FOUND',
    );
    expectProblem(
      await asOther.get(`/projects/${other}/match-review`, { query: { website_id: referenceId } }),
      404,
      'WEBSITE_NOT_FOUND',
    );
  });

  it('refuses bad bodies (422), unknown products and websites (404), and accepting what is not proposed (409)', async () => {
    const [first, second] = proposals as [ReturnType<typeof pairOf>, ReturnType<typeof pairOf>];
    expect((await decide(first, 'MAYBE')).status).toBe(422);
    expect((await api.post(decisionsOf(projectId), { ...first })).status).toBe(422);
    expect(
      (await api.post(decisionsOf(projectId), { ...first, decision: 'REJECTED', note: 'x' })).status,
    ).toBe(422);
    expect((await decide({ ...first, competitor_website_id: referenceId }, 'MANUAL')).status).toBe(422);
    expect((await decide({ ...first, reference_url: '' }, 'MANUAL')).status).toBe(422);
    expectProblem(
      await decide({ ...first, competitor_url: `${first.competitor_url}-gone` }, 'MANUAL'),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectProblem(
      await decide({ ...first, competitor_website_id: 'web_unknown' }, 'MANUAL'),
      404,
      'WEBSITE_NOT_FOUND',
    );
    expectProblem(
      await decide({ ...first, competitor_url: second.competitor_url }, 'ACCEPTED'),
      409,
      'MATCH_NOT_PROPOSED',
    );
    expectProblem(await decide(first, 'REJECTED', api, 'prj_unknown'), 404, 'PROJECT_NOT_FOUND');
  });

  it('lets a VIEWER read decisions but not decide; hides the project from another project key', async () => {
    const viewer = await newUser();
    await addProjectMember(projectId, viewer.userId, 'VIEWER');
    const asViewer = api.withKey(viewer.apiKey);
    expect((await asViewer.get(decisionsOf(projectId))).status).toBe(200);
    expectProblem(
      await decide(proposals[0] as ReturnType<typeof pairOf>, 'REJECTED', asViewer),
      403,
      'INSUFFICIENT_ROLE',
    );
    expectProblem(await asViewer.delete(`${decisionsOf(projectId)}/mdc_x`), 403, 'INSUFFICIENT_ROLE');

    const other = await newProject(customerId, owner.userId, 'Other');
    const asOther = api.withKey((await api.post('/account/api-keys', { project_id: other })).body.api_key);
    expectProblem(await asOther.get(decisionsOf(projectId)), 404, 'PROJECT_NOT_FOUND');
    expectProblem(
      await decide(proposals[0] as ReturnType<typeof pairOf>, 'REJECTED', asOther),
      404,
      'PROJECT_NOT_FOUND',
    );
    expectProblem(await asOther.delete(`${decisionsOf(projectId)}/mdc_x`), 404, 'PROJECT_NOT_FOUND');
    // The other project's own review does not know these websites.
    expectProblem(
      await decide(proposals[0] as ReturnType<typeof pairOf>, 'REJECTED', asOther, other),
      404,
      'WEBSITE_NOT_FOUND',
    );
  });

  it('rejects, accepts and adds by hand; the files show it at once and after matching again', async () => {
    const [rejected, accepted, third, fourth] = proposals as ReturnType<typeof pairOf>[] as [
      ReturnType<typeof pairOf>,
      ReturnType<typeof pairOf>,
      ReturnType<typeof pairOf>,
      ReturnType<typeof pairOf>,
    ];
    const editor = await newUser();
    await addProjectMember(projectId, editor.userId, 'EDITOR');
    const asEditor = api.withKey(editor.apiKey);

    const rejection = await decide(rejected, 'REJECTED', asEditor);
    expect(rejection.status).toBe(201);
    expect(rejection.body).toMatchObject({ ...rejected, decision: 'REJECTED', decided_by: editor.userId });
    const again = await decide(rejected, 'REJECTED');
    expect(again.status).toBe(200);
    expect(again.body.decision_id).toBe(rejection.body.decision_id);
    const conflict = await decide(rejected, 'ACCEPTED');
    expectProblem(conflict, 409, 'MATCH_DECISION_CONFLICT');
    expect(conflict.body.decision_id).toBe(rejection.body.decision_id);

    expect((await decide(accepted, 'ACCEPTED')).status).toBe(201);
    // By hand: the third reference product with the fourth competitor product, displacing both proposals.
    const manual = { ...third, competitor_url: fourth.competitor_url };
    const added = await decide(manual, 'MANUAL');
    expect(added.status).toBe(201);
    // One to one: the accepted pair's products cannot get a second kept partner.
    expectProblem(
      await decide({ ...accepted, competitor_url: fourth.competitor_url }, 'MANUAL'),
      409,
      'MATCH_DECISION_CONFLICT',
    );

    const listed = await api.get(decisionsOf(projectId));
    expect(listed.body.map((decision: any) => decision.decision).sort()).toEqual([
      'ACCEPTED',
      'MANUAL',
      'REJECTED',
    ]);

    const expectReviewed = async () => {
      const statuses = await matchStatuses();
      expect(statuses.has(keyOf(rejected))).toBe(false);
      expect(statuses.get(keyOf(accepted))).toBe('accepted');
      expect(statuses.get(keyOf(manual))).toBe('manual');
      expect(statuses.has(keyOf(third))).toBe(false);
      expect(statuses.has(keyOf(fourth))).toBe(false);
      expect(statuses.size).toBe(proposals.length - 2);
      const comparison = await download('price_comparison');
      const row = (url: string) => comparison.find((item) => item.reference_url === url) ?? {};
      expect(row(rejected.reference_url)[`${competitorId}_url`]).toBe('');
      expect(row(accepted.reference_url)[`${competitorId}_match_status`]).toBe('accepted');
      expect(row(manual.reference_url)).toMatchObject({
        [`${competitorId}_url`]: manual.competitor_url,
        [`${competitorId}_score`]: '',
        [`${competitorId}_match_status`]: 'manual',
      });
    };
    await expectReviewed();
    // The engine honours the review: the rejected pair's reference product and the one whose partner
    // the manual pair took are looked up again (their equal GTINs were the only evidence, so no
    // next-best partner is found); the kept pairs' products are held, the rest unchanged.
    const rerun = await runMatching();
    expect(rerun.matching_progress).toMatchObject({ products_checked: 2, products_skipped_not_modified: 58 });
    await expectReviewed();
    const unchanged = await runMatching();
    expect(unchanged.matching_progress).toMatchObject({
      products_checked: 0,
      products_skipped_not_modified: 60,
    });
    await expectReviewed();

    // An overlapping job, the competitor now the reference, honours the decisions named the other way round.
    const swapped = await runJob('/jobs/matching', {
      project_id: projectId,
      reference_website_id: competitorId,
      competitor_website_ids: [referenceId],
    });
    expect(swapped.status).toBe('COMPLETED');
    const link = await api.get('/exports/matches/url', {
      query: { project_id: projectId, website_id: competitorId },
    });
    const swappedStatuses = new Map(
      readCsvObjects(await (await fetch(link.body.url)).text()).map((row) => [
        `${row.competitor_url} > ${row.reference_url}`,
        row.match_status,
      ]),
    );
    expect(swappedStatuses.has(keyOf(rejected))).toBe(false);
    expect(swappedStatuses.get(keyOf(accepted))).toBe('accepted');
    expect(swappedStatuses.get(keyOf(manual))).toBe('manual');
    expect(swappedStatuses.has(keyOf(third))).toBe(false);
    expect(swappedStatuses.size).toBe(proposals.length - 2);

    // Withdrawn, the rejection gives the pair back to the engine on its next run.
    expect((await api.delete(`${decisionsOf(projectId)}/${rejection.body.decision_id}`)).status).toBe(204);
    expect((await matchStatuses()).has(keyOf(rejected))).toBe(false);
    const afterWithdrawal = await runMatching();
    expect(afterWithdrawal.matching_progress.products_checked).toBe(1);
    expect(['auto', 'review']).toContain((await matchStatuses()).get(keyOf(rejected)));
    expectProblem(
      await api.delete(`${decisionsOf(projectId)}/${rejection.body.decision_id}`),
      404,
      'MATCH_DECISION_NOT_FOUND',
    );
  }, 240_000);

  it('lets one of two racing kept pairs of the same product through, and 409s the other', async () => {
    const [a, b, c] = proposals.slice(5, 8) as [
      ReturnType<typeof pairOf>,
      ReturnType<typeof pairOf>,
      ReturnType<typeof pairOf>,
    ];
    const answers = await Promise.all([
      decide({ ...a, competitor_url: b.competitor_url }, 'MANUAL'),
      decide({ ...c, competitor_url: b.competitor_url }, 'MANUAL'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const winner = answers.find((answer) => answer.status === 201)?.body;
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
      code: 'MATCH_DECISION_CONFLICT',
      decision_id: winner.decision_id,
    });
  });
});
