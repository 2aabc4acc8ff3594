import { analysisSettlement, settleAnalysisHold } from '#billing/setup-billing';
import { newId } from '#core/ids';
import type { JobFailure } from '#core/job-record';
import { isFinal, type JobStatus } from '#core/lanes';
import { estimateJob } from '#core/pricing';
import {
  type AnalysisVerdict,
  analyseRendering,
  chromiumFetcher,
  createFetcher,
  type PageFetcher,
  type SiteAnalysis,
  trainProfile,
} from '#crawl/index';
import { crawlSettings } from '#jobs/crawl-services';
import { announceJob } from '#jobs/job-events';
import { jobStore } from '#jobs/job-services';
import { progressWriter, runTracked } from '#jobs/progress-writer';
import { projectCrawlProxy } from '#jobs/project-crawl-proxy';
import type { AnalysisSeeds, SetupFields, SetupJob } from '#jobs/setup-job';
import { priceList } from '#platform/stage-services';
import { acceptLanguageOf, localeOf } from '#projects/localization';
import type { Website } from '#websites/website';
import { websiteAddress } from '#websites/website-identity';
import { websiteStore } from '#websites/website-services';
import { setupLimits } from './setup-services.ts';

/**
 * The work of the setup lane, one function per task: each moves the job into its state, does the
 * crawl with the engine while writing live progress, and moves the job on. Every write is
 * conditioned on the job's status, so a cancel (or expiry) that wins stops the work at its next
 * write. What a step tells the state machine:
 * TRAIN (analysis done), FAIL with the job's failure (the website cannot be set up), or STOP
 * (nothing more to do: the job moved on without this step).
 */
export type StepOutcome = { next: 'TRAIN' | 'DONE' | 'STOP' } | { next: 'FAIL'; failure: JobFailure };

/** The sample products kept for the user. */
const SAMPLE_SIZE = 20;
/** Seeds of the training kept on the job between the two tasks. */
const MAX_SEEDS = 50;

const FAILURES: Record<Exclude<AnalysisVerdict, 'OK'>, (analysis: SiteAnalysis) => JobFailure> = {
  TOO_LARGE: (analysis) => ({
    error: `The website has about ${analysis.progress.products_estimate} products, more than the ${setupLimits().maxProducts} a self-service setup takes. Contact support to set it up.`,
    error_code: 'WEBSITE_TOO_LARGE',
    contact_reason: 'WEBSITE_TOO_LARGE',
  }),
  NOT_ECOMMERCE: () => ({
    error: 'The website does not look like an online shop: no product pages were found.',
    error_code: 'NOT_ECOMMERCE',
    contact_reason: null,
  }),
  UNREACHABLE: () => ({
    error: 'The website could not be reached: its home page did not answer with a web page.',
    error_code: 'UNREACHABLE',
    contact_reason: null,
  }),
  BLOCKED_BY_ROBOTS: () => ({
    error: "The website's robots.txt does not allow us to read it.",
    error_code: 'BLOCKED_BY_ROBOTS',
    contact_reason: null,
  }),
  BLOCKED: () => ({
    error:
      'The website refuses our crawler: most of its pages answered with a bot wall (access denied or a challenge page). Contact support to set it up.',
    error_code: 'WEBSITE_BLOCKED',
    contact_reason: 'WEBSITE_BLOCKED',
  }),
  PROXY_FAILED: (analysis) => ({
    error: `The project's crawl proxy did not carry our requests (${analysis.error ?? 'no answer'}). Check its address and credentials (crawl_proxy of the project).`,
    error_code: 'PROXY_FAILED',
    contact_reason: null,
  }),
  ADDRESS_NOT_ALLOWED: () => ({
    error:
      'The website resolves to a private, local or cloud-internal address, which the service does not read.',
    error_code: 'ADDRESS_NOT_ALLOWED',
    contact_reason: null,
  }),
};

/** Live progress of a setup step, written only while the job is still in that step's status. */
const setupProgress = (jobId: string, status: JobStatus, field: 'analysis_progress' | 'train_progress') =>
  progressWriter((value: unknown) => jobStore().updateIn<SetupFields>(jobId, status, { [field]: value }));

/**
 * A fetcher that asks in the job's market (Accept-Language of its country's locale), through the
 * project's proxy when it has one.
 */
function newFetcher(country: string, proxyUrl: string | undefined): PageFetcher {
  return createFetcher({
    proxyUrl,
    ...crawlSettings().fetching,
    acceptLanguage: acceptLanguageOf(localeOf(country)),
  });
}

/** The fetcher that renders HTML pages in Chromium, over `http`; the browser starts on the first page. */
function browserFetcher(http: PageFetcher): PageFetcher {
  return chromiumFetcher(http, crawlSettings().chromiumPath);
}

/** Brings the job into `to` from `from`, or tells why this step has nothing to do. */
async function enter(jobId: string, from: JobStatus, to: JobStatus): Promise<SetupJob | null> {
  const job = await jobStore().get<SetupFields>(jobId);
  if (!job) return null;
  if (job.status === from) return jobStore().move(job, to);
  // A retried task finds its job already in its state and does the work again.
  return job.status === to ? job : null;
}

/** ANALYZING: robots, home page, sitemaps and size; ends ESTIMATE_READY with the FULL-scrape quote. */
export async function analyseWebsite(jobId: string): Promise<StepOutcome> {
  const current = await jobStore().get<SetupFields>(jobId);
  if (current && (current.status === 'ESTIMATE_READY' || current.status === 'TRAINING'))
    return { next: 'TRAIN' };
  const job = await enter(jobId, 'CREATED', 'ANALYZING');
  if (!job) return { next: 'STOP' };
  const progress = setupProgress(jobId, 'ANALYZING', 'analysis_progress');
  const fetcher = newFetcher(job.country, await projectCrawlProxy(job.project_id));
  // Closing the browser's fetcher closes the HTTP one under it too.
  const browser = browserFetcher(fetcher);
  const analysis = await runTracked(progress, browser, () =>
    analyseRendering(
      websiteAddress(job.url).homepage,
      fetcher,
      browser,
      {
        country: job.country,
        currency: job.currency,
        maxProducts: setupLimits().maxProducts,
        signal: progress.signal,
      },
      (value) => progress.report(value),
    ),
  );
  if (!analysis) return { next: 'STOP' };
  if (analysis.verdict !== 'OK') return { next: 'FAIL', failure: FAILURES[analysis.verdict](analysis) };
  const seeds: AnalysisSeeds = {
    homepage: analysis.homepage,
    productUrls: analysis.productUrls.slice(0, MAX_SEEDS),
    otherUrls: analysis.otherUrls.slice(0, MAX_SEEDS),
  };
  // Until training has learned how products are read, the quote assumes the hardest reading; the
  // website's final quote, with the learned difficulty, can only be lower. A website read with a
  // browser is priced as such whatever reads its products.
  const estimate = estimateJob(
    {
      lane: 'SCRAPE',
      difficulty: analysis.progress.rendering === 'BROWSER' ? 'BROWSER' : 'HARD',
      products: analysis.progress.products_estimate,
    },
    priceList(),
  );
  const moved = await jobStore().move<SetupFields>(job, 'ESTIMATE_READY', {
    set: { analysis_progress: analysis.progress, estimate, analysis_seeds: seeds },
  });
  return moved ? { next: 'TRAIN' } : { next: 'STOP' };
}

/**
 * TRAINING: samples pages and learns the extraction profile; ends COMPLETED with the website, its
 * profile and sample in the project, and the analysis charged.
 */
export async function trainWebsite(jobId: string): Promise<StepOutcome> {
  const current = await jobStore().get<SetupFields>(jobId);
  if (current?.status === 'COMPLETED') {
    // A retry after the completing write: only the charge may be left to do, and it is idempotent.
    await settleAnalysisHold(current);
    return { next: 'DONE' };
  }
  if (current && isFinal(current.status)) return { next: 'STOP' };
  const job = await enter(jobId, 'ESTIMATE_READY', 'TRAINING');
  if (!job?.analysis_seeds || !job.analysis_progress) return { next: 'STOP' };
  const seeds = job.analysis_seeds;
  const progress = setupProgress(jobId, 'TRAINING', 'train_progress');
  const rendering = job.analysis_progress.rendering ?? 'HTTP';
  const http = newFetcher(job.country, await projectCrawlProxy(job.project_id));
  const fetcher = rendering === 'BROWSER' ? browserFetcher(http) : http;
  const training = await runTracked(progress, fetcher, () =>
    trainProfile(
      seeds.homepage,
      fetcher,
      {
        pagesLimit: setupLimits().trainPages,
        country: job.country,
        currency: job.currency,
        seeds: { productUrls: seeds.productUrls, otherUrls: seeds.otherUrls },
        sampleSize: SAMPLE_SIZE,
        signal: progress.signal,
      },
      (value) => progress.report(value),
    ),
  );
  if (!training) return { next: 'STOP' };
  if (training.samples.length === 0) {
    return {
      next: 'FAIL',
      failure: {
        error:
          'We could not learn to read products on this website: no product could be read from its pages.',
        error_code: 'PRODUCTS_NOT_READABLE',
        contact_reason: null,
      },
    };
  }
  const now = new Date().toISOString();
  const analysis = job.analysis_progress;
  const difficulty = rendering === 'BROWSER' ? 'BROWSER' : training.profile.difficulty;
  const estimate = estimateJob(
    {
      lane: 'SCRAPE',
      difficulty,
      products: analysis.products_estimate,
    },
    priceList(),
  );
  const website: Website = {
    website_id: newId('web'),
    project_id: job.project_id,
    url: seeds.homepage,
    domain: job.domain,
    language: analysis.language,
    product_type: analysis.product_type,
    products_estimate: analysis.products_estimate,
    difficulty,
    rendering,
    estimate,
    setup_job_id: job.job_id,
    created_at: now,
    updated_at: now,
  };
  const completed = await jobStore().move<SetupFields>(job, 'COMPLETED', {
    set: { website_id: website.website_id, estimate, settlement: analysisSettlement(job, now) },
    also: [websiteStore.landing(website, training.profile, training.samples)],
  });
  if (!completed) return { next: 'STOP' };
  await settleAnalysisHold(completed);
  await announceJob(completed);
  return { next: 'DONE' };
}
