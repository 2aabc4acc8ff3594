import { ok, page } from '../api.ts';
import { type ConsoleContext, may } from '../context.ts';
import { type Child, fill, h, progressBar, table, when } from '../dom.ts';
import { actionButton, apiForm, problemView } from '../forms.ts';
import { pagedList } from '../paged-list.ts';
import { projectOrNotice } from './no-project.ts';
import { fact } from './websites.ts';

const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);
/** States a user may still cancel from (the spec's cancel row): not approved, settling or finished. */
const CANCELLABLE = new Set(['CREATED', 'ANALYZING', 'ESTIMATE_READY', 'TRAINING', 'AWAITING_APPROVAL']);
const LANES = ['setup', 'scraping', 'matching'] as const;
type Lane = (typeof LANES)[number];

interface Estimate {
  currency: string;
  unit_price_per_1000: string;
  quantity: number;
  total: string;
  cap: string;
  min_charge: string;
  difficulty: string;
}

/** The fields the console reads from any job; each lane adds its own progress. */
interface Job {
  job_id: string;
  job_type: string;
  status: string;
  project_id: string;
  website_id: string | null;
  estimate: Estimate | null;
  approval: { approved_by: string; approved_at: string } | null;
  settlement: { quantity: number; amount: string; currency: string; capped: boolean } | null;
  error: string | null;
  error_code: string | null;
  contact_reason: string | null;
  contact_request_id: string | null;
  created_at: string;
  finished_at: string | null;
  url?: string;
  variant?: string;
  analysis_progress?: Record<string, { state: string } | number | string | boolean> | null;
  train_progress?: { percent: number; phase: string; pages: number; pages_limit: number } | null;
  scrape_progress?: { percent: number; phase: string; pages: number; pages_estimate: number } | null;
  matching_progress?: {
    percent: number;
    phase: string;
    products_processed: number;
    products_total: number;
  } | null;
  url_results?: Record<string, number> | null;
  overlap?: { website_id: string; match_website_id: string; products: number }[] | null;
}

/** Jobs of the project by lane, starting a matching job, and one job with live progress. */
export async function jobsPage(context: ConsoleContext, params: string[]): Promise<HTMLElement> {
  const project = projectOrNotice(context, 'Jobs');
  if (project instanceof HTMLElement) return project;
  const [lane, jobId] = params;
  if (lane && jobId && (LANES as readonly string[]).includes(lane))
    return jobPage(context, lane as Lane, jobId);
  const api = context.api;
  const query = (cursor: string | null) => ({
    project_id: project.project_id,
    limit: 20,
    ...(cursor ? { cursor } : {}),
  });
  const websites = (await ok(
    api.GET('/websites', { params: { query: { project_id: project.project_id, limit: 100 } } }),
  )) as { website_id: string; domain: string }[];
  const columns = (lane: Lane) => [
    { title: 'Job', cell: (job: Job) => h('a', { href: `#/jobs/${lane}/${job.job_id}` }, job.job_id) },
    { title: 'Type', cell: (job: Job) => job.job_type },
    { title: 'Status', cell: (job: Job) => job.status },
    {
      title: 'Quote',
      cell: (job: Job) => (job.estimate ? `${job.estimate.total} ${job.estimate.currency}` : '—'),
    },
    { title: 'Created', cell: (job: Job) => when(job.created_at) },
  ];
  return h(
    'div',
    {},
    h('h1', {}, 'Jobs'),
    pagedList(
      'Scrape jobs',
      columns('scraping'),
      async (cursor: string | null) =>
        page(api.GET('/jobs/scraping', { params: { query: query(cursor) } })) as Promise<{
          items: Job[];
          next: string | null;
        }>,
    ),
    pagedList(
      'Matching jobs',
      columns('matching'),
      async (cursor: string | null) =>
        page(api.GET('/jobs/matching', { params: { query: query(cursor) } })) as Promise<{
          items: Job[];
          next: string | null;
        }>,
    ),
    may(context, 'OPERATE_JOBS') && websites.length >= 2
      ? apiForm(
          'Match products between websites',
          [
            {
              name: 'reference_website_id',
              label: 'Reference website',
              type: 'select',
              options: websites.map((site) => ({ value: site.website_id, label: site.domain })),
            },
            {
              name: 'competitor_website_ids',
              label: 'Competitor website',
              type: 'select',
              value: websites[1]?.website_id,
              options: websites.map((site) => ({ value: site.website_id, label: site.domain })),
            },
          ],
          'Quote matching',
          async (values) => {
            const job = await ok(
              api.POST('/jobs/matching', {
                body: {
                  project_id: project.project_id,
                  reference_website_id: values.reference_website_id ?? '',
                  competitor_website_ids: [values.competitor_website_ids ?? ''],
                },
              }),
            );
            context.go(`#/jobs/matching/${(job as { job_id: string }).job_id}`);
            return undefined;
          },
        )
      : null,
    pagedList(
      'Setup jobs',
      columns('setup'),
      async (cursor: string | null) =>
        page(api.GET('/jobs/setup', { params: { query: query(cursor) } })) as Promise<{
          items: Job[];
          next: string | null;
        }>,
    ),
  );
}

async function readJob(context: ConsoleContext, lane: Lane, jobId: string): Promise<Job> {
  const path = { params: { path: { job_id: jobId } } };
  const api = context.api;
  const job =
    lane === 'setup'
      ? await ok(api.GET('/jobs/setup/{job_id}', path))
      : lane === 'scraping'
        ? await ok(api.GET('/jobs/scraping/{job_id}', path))
        : await ok(api.GET('/jobs/matching/{job_id}', path));
  return job as unknown as Job;
}

/** One job, read again every two seconds until it ends; the page can be left and found again. */
async function jobPage(context: ConsoleContext, lane: Lane, jobId: string): Promise<HTMLElement> {
  const body = h('div', { class: 'job' });
  const live = h('p', { class: 'visually-hidden', 'aria-live': 'polite' });
  const problem = h('div', {});
  let lastStatus = '';
  const show = (job: Job) => {
    if (job.status !== lastStatus) live.textContent = `Status: ${job.status}`;
    lastStatus = job.status;
    fill(
      body,
      jobView(context, lane, job, () => void refresh()),
    );
  };
  const refresh = async () => {
    try {
      show(await readJob(context, lane, jobId));
      fill(problem);
    } catch (error) {
      fill(problem, problemView(error));
    }
  };
  const first = await readJob(context, lane, jobId);
  show(first);
  if (!FINAL.has(first.status)) {
    context.every(2000, async () => {
      const job = await readJob(context, lane, jobId).catch((error: unknown) => {
        fill(problem, problemView(error));
        return null;
      });
      if (!job) return false;
      fill(problem);
      show(job);
      return FINAL.has(job.status);
    });
  }
  return h('div', {}, h('h1', {}, `Job ${jobId}`), live, problem, body);
}

function jobView(context: ConsoleContext, lane: Lane, job: Job, refresh: () => void): Child[] {
  const api = context.api;
  const operate = may(context, 'OPERATE_JOBS');
  const approvable = lane !== 'setup' && job.status === 'AWAITING_APPROVAL';
  return [
    h(
      'dl',
      { class: 'facts' },
      fact('Type', job.job_type),
      fact('Status', h('strong', { class: `status status-${job.status.toLowerCase()}` }, job.status)),
      job.url ? fact('Shop', job.url) : null,
      job.variant ? fact('Variant', job.variant) : null,
      fact('Created', when(job.created_at)),
      fact('Finished', when(job.finished_at)),
      job.website_id
        ? fact('Website', h('a', { href: `#/websites/${job.website_id}` }, job.website_id))
        : null,
      job.approval
        ? fact('Approved', `${when(job.approval.approved_at)} by ${job.approval.approved_by}`)
        : null,
    ),
    progressOf(job),
    job.estimate ? quoteView(job.estimate) : null,
    job.settlement
      ? h(
          'p',
          { class: 'settlement' },
          `Charged ${job.settlement.amount} ${job.settlement.currency} for ${job.settlement.quantity} products`,
          job.settlement.capped ? ' (capped)' : '',
        )
      : null,
    job.url_results
      ? table(
          'Results by URL',
          [
            { title: 'Result', cell: (entry: [string, number]) => entry[0] },
            { title: 'URLs', cell: (entry: [string, number]) => String(entry[1]) },
          ],
          Object.entries(job.url_results),
        )
      : null,
    job.overlap
      ? table(
          'Overlap',
          [
            { title: 'Website', cell: (row: { website_id: string }) => row.website_id },
            { title: 'Matched website', cell: (row: { match_website_id: string }) => row.match_website_id },
            { title: 'Products', cell: (row: { products: number }) => String(row.products) },
          ],
          job.overlap,
        )
      : null,
    job.error ? h('div', { class: 'problem', role: 'alert' }, h('p', {}, job.error)) : null,
    job.status === 'FAILED' && job.contact_reason && operate && !job.contact_request_id
      ? actionButton('Contact support about this job', async () => {
          await ok(
            api.POST('/contact-requests', {
              body: { reason: 'SUPPORT', job_id: job.job_id, contact_reason: job.contact_reason },
            }),
          );
          refresh();
        })
      : null,
    job.contact_request_id ? h('p', {}, `Support was asked (${job.contact_request_id}).`) : null,
    h(
      'div',
      { class: 'actions' },
      operate && approvable
        ? actionButton('Approve', async () => {
            const path = { params: { path: { job_id: job.job_id } } };
            if (lane === 'scraping') await ok(api.POST('/jobs/scraping/{job_id}/approve', path));
            else await ok(api.POST('/jobs/matching/{job_id}/approve', path));
            refresh();
          })
        : null,
      operate && CANCELLABLE.has(job.status)
        ? actionButton('Cancel job', async () => {
            await ok(api.POST('/jobs/{job_id}/cancel', { params: { path: { job_id: job.job_id } } }));
            refresh();
          })
        : null,
    ),
  ];
}

function progressOf(job: Job): Child {
  if (FINAL.has(job.status)) return null;
  if (job.train_progress)
    return progressBar(`Training (${job.train_progress.phase})`, job.train_progress.percent);
  if (job.analysis_progress) return analysisView(job.analysis_progress);
  if (job.scrape_progress)
    return progressBar(`Scraping (${job.scrape_progress.phase})`, job.scrape_progress.percent);
  if (job.matching_progress)
    return progressBar(`Matching (${job.matching_progress.phase})`, job.matching_progress.percent);
  return null;
}

const ANALYSIS_STEPS = {
  config: 'robots.txt',
  homepage: 'Homepage',
  sitemap: 'Sitemaps',
  size: 'Size',
} as const;

/** The analysis as its four steps, each with its state, and what it has found so far. */
function analysisView(progress: NonNullable<Job['analysis_progress']>): HTMLElement {
  const stateOf = (step: string) => (progress[step] as { state?: string } | undefined)?.state ?? 'PENDING';
  const done = Object.keys(ANALYSIS_STEPS).filter((step) => stateOf(step) === 'DONE').length;
  return h(
    'section',
    { 'aria-label': 'Analysis' },
    progressBar('Analysis', (done / Object.keys(ANALYSIS_STEPS).length) * 100),
    h(
      'ul',
      {},
      Object.entries(ANALYSIS_STEPS).map(([step, label]) => h('li', {}, `${label}: ${stateOf(step)}`)),
    ),
    typeof progress.products_estimate === 'number' && progress.products_estimate > 0
      ? h(
          'p',
          {},
          `About ${progress.products_estimate} products`,
          progress.language ? ` · ${progress.language}` : '',
        )
      : null,
  );
}

function quoteView(estimate: Estimate): HTMLElement {
  return h(
    'section',
    { class: 'quote', 'aria-label': 'Quote' },
    h('h2', {}, 'Quote'),
    h(
      'dl',
      { class: 'facts' },
      fact('Products', String(estimate.quantity)),
      fact('Difficulty', estimate.difficulty),
      fact('Price per 1000', `${estimate.unit_price_per_1000} ${estimate.currency}`),
      fact('Total', `${estimate.total} ${estimate.currency}`),
      fact('At most (held on approval)', `${estimate.cap} ${estimate.currency}`),
      fact('Minimum charge', `${estimate.min_charge} ${estimate.currency}`),
    ),
  );
}
