import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { chargeScrapeSettlement } from '#billing/scrape-billing';
import type { JobFailure } from '#core/job-record';
import { settleJob } from '#core/pricing';
import { pageIdentity, productIdentity } from '#core/product-identity';
import type { ProductRecord } from '#core/product-record';
import {
  chromiumFetcher,
  createFetcher,
  type ExtractionProfile,
  enumerateProductUrls,
  type PageFetcher,
  runPool,
  scrapeUrl,
  type UrlResult,
} from '#crawl/index';
import { crawlSettings } from '#jobs/crawl-services';
import { jobStore } from '#jobs/job-services';
import { progressWriter, runTracked } from '#jobs/progress-writer';
import { projectCrawlProxy } from '#jobs/project-crawl-proxy';
import type { ScrapeFields, ScrapeVariant, UrlResultCounts } from '#jobs/scrape-job';
import { batchRanges, type ScrapeRunProgress } from '#jobs/scrape-progress';
import { acceptLanguageOf } from '#projects/localization';
import { projectStore } from '#projects/project-services';
import type { CatalogKind, UrlOutcomeLine } from '#websites/catalog';
import { catalogStore } from '#websites/catalog-services';
import { MAX_SCRAPE_URLS } from '#websites/screen-scrape-urls';
import { websiteStore } from '#websites/website-services';
import { batchProgress } from './batch-progress.ts';
import { scrapeLimits, scrapeRuns } from './scraping-services.ts';

/**
 * The work of the scrape lane, one function per task. Each moves the job itself with conditional
 * writes, so a retried task finds its step done or redoes it whole, and a job that has ended (a
 * failure elsewhere) stops the work at its next write. What a step tells the state machine: SCRAPE
 * (with the batch indices for the Map), EXPORT, DONE, STOP (the job moved on without this step), or
 * FAIL with the job's failure.
 */
export type ScrapeStep =
  | {
      next: 'SCRAPE';
      batches: number[];
      max_concurrency: number;
      crawl_delay_seconds: number | null;
      /** How the batches read the website: the Map runs BROWSER batches in the browser's function. */
      rendering: 'HTTP' | 'BROWSER';
    }
  | { next: 'SETTLE' | 'EXPORT' | 'DONE' | 'STOP' }
  | { next: 'FAIL'; failure: JobFailure };

/**
 * Requests in flight per batch. The Map runs at most MAX_PARALLEL_BATCHES batches at once, so a host
 * sees at most 4 requests at a time, as during the setup.
 */
const BATCH_CONCURRENCY = 1;
/**
 * The Map's concurrency (scrape.asl.json reads it from the plan). Each batch has its own fetcher, so a
 * host with a Crawl-delay gets one batch at a time: otherwise each parallel batch would keep the
 * delay on its own and the host would see several requests per delay period.
 */
const MAX_PARALLEL_BATCHES = 4;

/** The Accept-Language of the project's market; none for a project without localization. */
async function acceptLanguageFor(projectId: string): Promise<string | undefined> {
  const locale = (await projectStore.get(projectId))?.localization?.locale;
  return locale ? acceptLanguageOf(locale) : undefined;
}

/** A website read with a browser is fetched and rendered; any other is only fetched. */
function readingFetcher(http: PageFetcher, rendering: 'HTTP' | 'BROWSER' | undefined): PageFetcher {
  return rendering === 'BROWSER' ? chromiumFetcher(http, crawlSettings().chromiumPath) : http;
}

/** Why the proxy did not carry a request for the website's home page; null when it did. */
async function proxyRefusal(http: PageFetcher, homepage: string): Promise<string | null> {
  const page = await http.fetch(homepage);
  return page.outcome === 'PROXY_FAILED' ? (page.error ?? 'no answer') : null;
}

const STOP: ScrapeStep = { next: 'STOP' };

const fail = (error: string, errorCode: string): ScrapeStep => ({
  next: 'FAIL',
  failure: { error, error_code: errorCode, contact_reason: null },
});

const EMPTY_COUNTS = (): UrlResultCounts => ({
  OK: 0,
  NOT_FOUND: 0,
  NOT_A_PRODUCT: 0,
  BLOCKED_BY_ROBOTS: 0,
  ADDRESS_NOT_ALLOWED: 0,
  BLOCKED: 0,
  FAILED: 0,
});

/** Which catalog pointers a delivered catalog moves: a URL list is a part, not the website's catalog. */
const POINTERS: Record<ScrapeVariant, readonly CatalogKind[]> = {
  FULL: ['FULL', 'COMPLETE'],
  CATALOG_URLS: ['COMPLETE'],
  URLS_ONLY: [],
};

async function profileOf(websiteId: string): Promise<ExtractionProfile | null> {
  return (await websiteStore.profile(websiteId)) as ExtractionProfile | null;
}

/**
 * RUNNING, first step: the URLs to scrape (FULL: the shop's product URLs found through its
 * sitemaps or links within SCRAPE_PLAN_SECONDS, those matching the learned pattern first, then the
 * shop's other pages, each classified when read; a URL job: its stored list), split into batch
 * manifests in the data bucket.
 */
export async function planScrape(jobId: string): Promise<ScrapeStep> {
  let job = await jobStore().get<ScrapeFields>(jobId);
  if (!job?.website_id || !job.estimate) return STOP;
  // A lane started again after its batches were merged (a restarted local service) resumes at the
  // settlement, which picks up a SETTLING or EXPORTING job where it is.
  if (job.status === 'SETTLING' || job.status === 'EXPORTING') return { next: 'SETTLE' };
  const website = await websiteStore.get(job.website_id);
  const profile = await profileOf(job.website_id);
  const run: ScrapeRunProgress = {
    phase: 'COLLECTING_PAGES',
    pages_limit: job.url_count ?? MAX_SCRAPE_URLS,
    pages_estimate: job.estimate.quantity,
    pages_done: 0,
    running_pages: {},
    plan: randomUUID(),
  };
  if (job.status === 'APPROVED')
    job = await jobStore().move<ScrapeFields>(job, 'RUNNING', { set: { scrape_run: run } });
  // A retried plan finds its job RUNNING and plans again from the start.
  else if (job.status === 'RUNNING') {
    if (!(await jobStore().updateIn<ScrapeFields>(jobId, 'RUNNING', { scrape_run: run }))) return STOP;
  } else return STOP;
  if (!job) return STOP;
  if (!website || !profile) return fail('The website was removed from the project.', 'WEBSITE_REMOVED');

  let urls: string[];
  let crawlDelaySeconds: number | null;
  const proxyUrl = await projectCrawlProxy(job.project_id);
  const http = createFetcher({
    proxyUrl,
    acceptLanguage: await acceptLanguageFor(job.project_id),
    ...crawlSettings().fetching,
  });
  const fetcher = readingFetcher(http, website.rendering);
  // The project's proxy is tried once, on the home page, before any URL is planned: one that refuses
  // the connection or the credentials fails the job at once, saying so, instead of every URL.
  const refusal = proxyUrl === undefined ? null : await proxyRefusal(http, website.url);
  if (refusal !== null) {
    await fetcher.close();
    return fail(
      `The project's crawl proxy did not carry our requests (${refusal}). Check its address and credentials (crawl_proxy of the project).`,
      'PROXY_FAILED',
    );
  }
  if (job.variant === 'FULL') {
    const progress = progressWriter((found: number) =>
      jobStore().setPathIn(
        jobId,
        'RUNNING',
        ['scrape_run', 'pages_estimate'],
        Math.max(run.pages_estimate, found),
      ),
    );
    const found = await runTracked(progress, fetcher, async () => {
      const enumerated = await enumerateProductUrls(
        website.url,
        profile,
        fetcher,
        {
          maxUrls: MAX_SCRAPE_URLS,
          signal: progress.signal,
          deadline: performance.now() + scrapeLimits().planMs,
        },
        (reported) => progress.report(reported.urls),
      );
      return { urls: enumerated.urls, crawlDelaySeconds: await fetcher.crawlDelaySeconds(website.url) };
    });
    if (!found) return STOP;
    ({ urls, crawlDelaySeconds } = found);
    if (urls.length === 0) {
      return fail(
        'No product pages were found on the website: its sitemaps and links name none.',
        'NO_PRODUCTS_FOUND',
      );
    }
  } else {
    try {
      crawlDelaySeconds = await fetcher.crawlDelaySeconds(website.url);
    } finally {
      await fetcher.close();
    }
    urls = await scrapeRuns.getUrlList(jobId);
  }

  // URLs per batch: one batch is one Lambda invocation, well inside its 15 minutes at polite speed.
  const ranges = batchRanges(urls.length, scrapeLimits().batchSize);
  await runPool(ranges, 8, ([start, end], index) =>
    scrapeRuns.putBatchManifest(jobId, index, urls.slice(start, end)),
  );
  const scraping = await jobStore().updateIn<ScrapeFields>(jobId, 'RUNNING', {
    scrape_run: { ...run, phase: 'SCRAPING_PAGES', pages_estimate: urls.length },
    url_count: urls.length,
    batch_count: ranges.length,
  });
  if (!scraping) return STOP;
  return {
    next: 'SCRAPE',
    batches: ranges.map((_, index) => index),
    max_concurrency: crawlDelaySeconds ? 1 : MAX_PARALLEL_BATCHES,
    crawl_delay_seconds: crawlDelaySeconds || null,
    rendering: website.rendering,
  };
}

/** What a batch's task tells the Map's loop: the batch is done, or its next part starts at `from`. */
export type BatchStep =
  | { batch: number; ok: number; more: false }
  | {
      job_id: string;
      batch: number;
      crawl_delay_seconds: number | null;
      rendering: 'HTTP' | 'BROWSER';
      from: number;
      more: true;
    };

/**
 * One batch of the Map, from its URL `from`: scrapes its URLs with the website's profile, recording
 * its own count of pages done as it goes, and writes its products (JSON Lines) and its count per URL
 * result. It starts no URL after SCRAPE_BATCH_SECONDS: the URLs left are handed to the next run of
 * the task (the Map's loop) instead of running into the task's timeout, which would fail the job.
 */
export async function scrapeBatch(
  jobId: string,
  batch: number,
  crawlDelaySeconds: number | null,
  from = 0,
): Promise<BatchStep | ScrapeStep> {
  const startedAt = performance.now();
  const job = await jobStore().get<ScrapeFields>(jobId);
  if (!job?.website_id || job.status !== 'RUNNING') return STOP;
  const profile = await profileOf(job.website_id);
  if (!profile) throw new Error(`The website ${job.website_id} of scrape job ${jobId} has no profile`);
  const urls = (await scrapeRuns.getBatchManifest(jobId, batch)).slice(from);
  // The plan or the previous batch made its last request to the host just now, and this batch's
  // fresh fetcher cannot know when: waiting the delay first keeps it between the two.
  if (crawlDelaySeconds) await sleep(crawlDelaySeconds * 1000);
  const progress = batchProgress(jobId, job.scrape_run?.plan, batch, from);
  const website = await websiteStore.get(job.website_id);
  const fetcher = readingFetcher(
    createFetcher({
      proxyUrl: await projectCrawlProxy(job.project_id),
      ...crawlSettings().fetching,
      acceptLanguage: await acceptLanguageFor(job.project_id),
      perHostConcurrency: BATCH_CONCURRENCY,
    }),
    website?.rendering,
  );
  const deadline = startedAt + scrapeLimits().batchMs;
  let done = from;
  const outcomes = await runTracked(progress, fetcher, () =>
    runPool(urls, BATCH_CONCURRENCY, async (url, index) => {
      // The first URL always runs, so each run of the task moves the batch on.
      if (index > 0 && performance.now() > deadline) return null;
      const outcome = await scrapeUrl(url, profile, fetcher, { signal: progress.signal, deadline });
      progress.report(++done);
      return outcome;
    }),
  );
  if (!outcomes) return STOP;
  const counts = EMPTY_COUNTS();
  const products: ProductRecord[] = [];
  let scraped = 0;
  for (const outcome of outcomes) {
    if (!outcome) continue;
    scraped++;
    counts[outcome.result satisfies UrlResult]++;
    products.push(...outcome.products);
  }
  const next = scraped < urls.length ? from + scraped : null;
  const urlOutcomes = outcomes.flatMap((outcome) =>
    outcome ? [{ url: outcome.url, result: outcome.result }] : [],
  );
  await scrapeRuns.putBatchPart(jobId, batch, from, { counts, products, outcomes: urlOutcomes, next });
  if (!(await progress.count(from + scraped))) return STOP;
  if (next === null) return { batch, ok: counts.OK, more: false };
  return {
    job_id: jobId,
    batch,
    crawl_delay_seconds: crawlDelaySeconds,
    rendering: website?.rendering ?? 'HTTP',
    from: next,
    more: true,
  };
}

/**
 * SETTLING: merges the batches into the job's catalog version (one record per product identity,
 * `productIdentity`: a page's variants are a record each) and what became of each URL, makes it the
 * website's newest catalog where the variant delivers a whole one, settles the quote for the product
 * pages delivered (variants come at no extra charge) and charges it once from the hold.
 */
export async function settleScrape(jobId: string): Promise<ScrapeStep> {
  let job = await jobStore().get<ScrapeFields>(jobId);
  if (!job) return STOP;
  if ((job.status === 'EXPORTING' || job.status === 'COMPLETED') && job.settlement) {
    // A retry after the settling move: only the charge may be left to do, and it is idempotent.
    await chargeScrapeSettlement(job);
    return { next: job.status === 'EXPORTING' ? 'EXPORT' : 'DONE' };
  }
  const run = job.scrape_run;
  if (!run || !job.website_id || !job.estimate || job.batch_count === null) return STOP;
  const merging: ScrapeRunProgress = { ...run, phase: 'MERGING_CATALOG' };
  if (job.status === 'RUNNING')
    job = await jobStore().move<ScrapeFields>(job, 'SETTLING', { set: { scrape_run: merging } });
  else if (job.status !== 'SETTLING') return STOP;
  if (!job?.website_id || !job.estimate) return STOP;

  const counts = EMPTY_COUNTS();
  const byIdentity = new Map<string, ProductRecord>();
  const urlOutcomes: UrlOutcomeLine[] = [];
  const batches = Array.from({ length: job.batch_count ?? 0 }, (_, index) => index);
  // In batch order, so a catalog lists products in the order the URLs were planned.
  for (const result of await runPool(batches, 8, (index) => scrapeRuns.getBatchResult(jobId, index))) {
    for (const [name, count] of Object.entries(result.counts)) counts[name as UrlResult] += count;
    const delivered = new Map<string, ProductRecord>();
    for (const product of result.products) {
      const identity = productIdentity(product);
      if (!byIdentity.has(identity)) byIdentity.set(identity, product);
      delivered.set(product.url, byIdentity.get(identity) as ProductRecord);
    }
    for (const { url, result: urlResult } of result.outcomes)
      urlOutcomes.push({ url, result: urlResult, product_url: delivered.get(url)?.url ?? null });
  }
  const products = [...byIdentity.values()];
  // What is quoted and charged, and what a catalog counts: product pages, however many variants each offers.
  const pages = new Set(products.map(pageIdentity)).size;
  // Read before the pointer moves to this job's catalog, in the same transaction as the job.
  const previous = POINTERS[job.variant].includes('COMPLETE')
    ? await catalogStore.latest(job.website_id)
    : undefined;
  const settledAt = new Date().toISOString();
  const objectKey = await catalogStore.write(job.project_id, job.website_id, job.job_id, products);
  await catalogStore.writeUrlOutcomes(job.project_id, job.website_id, job.job_id, urlOutcomes);
  const pointer = {
    website_id: job.website_id,
    project_id: job.project_id,
    version: job.job_id,
    object_key: objectKey,
    variant: job.variant,
    products: pages,
    created_at: settledAt,
  };
  const settled = await jobStore().move<ScrapeFields>(job, 'EXPORTING', {
    set: {
      settlement: { ...settleJob(job.estimate, pages), settled_at: settledAt },
      url_results: counts,
      scrape_run: merging,
      ...(previous === undefined ? {} : { previous_catalog: previous?.version ?? null }),
    },
    also: [catalogStore.newestPointers(pointer, POINTERS[job.variant])],
  });
  if (!settled) return STOP;
  await chargeScrapeSettlement(settled);
  return { next: 'EXPORT' };
}
