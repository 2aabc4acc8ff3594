import { newId } from '#core/ids';
import { type JobLock, newJobRecord } from '#core/job-record';
import { initialState } from '#core/lanes';
import { type Difficulty, estimateJob } from '#core/pricing';
import { BadRequest, Conflict } from '#core/problem';
import type { ExtractionProfile } from '#crawl/index';
import { announceNewJob } from '#jobs/job-events';
import { jobStore } from '#jobs/job-services';
import { MAX_URLS_ON_JOB, type ScrapeFields, type ScrapeJob, type ScrapeVariant } from '#jobs/scrape-job';
import { priceList } from '#platform/stage-services';
import type { Project } from '#projects/project';
import { catalogFreshness } from '#websites/catalog-freshness';
import { catalogStore } from '#websites/catalog-services';
import { projectWebsite } from '#websites/project-website';
import { screenScrapeUrls } from '#websites/screen-scrape-urls';
import type { Website } from '#websites/website';
import { websiteStore } from '#websites/website-services';
import { scrapeRuns } from './scraping-services.ts';

export interface ScrapeRequest {
  website_id: string;
  variant?: ScrapeVariant;
  urls?: string[];
}

export interface ScrapeCreation {
  job: ScrapeJob;
  /** False when an unfinished FULL scrape of the website was returned instead (the 200 case). */
  created: boolean;
  /** For a URL list: what the service removed from it. */
  rejected?: { rejected: number; rejected_urls: string[] };
}

/** What a scheduled run asks beyond what a caller of POST /jobs/scraping can. */
export interface ScrapeCreateOptions {
  /**
   * A schedule's cadence says how fresh its catalogs must be, so its FULL runs are not refused for a
   * catalog newer than a day.
   */
  evenIfFresh?: boolean;
  /** Sees the quoted job before anything is written, and throws to refuse it (a schedule's budget). */
  admit?: (job: ScrapeJob) => Promise<void>;
  /** The id the job is to have: a scheduled run names it before making the job, to find it again. */
  jobId?: string;
}

/** A racing create is answered by reading again; a few rounds settle any race. */
const MAX_ATTEMPTS = 5;

/**
 * Creates a scrape job awaiting approval, with its quote (the design's scrape create body): `urls`
 * means URLS_ONLY, with invalid, duplicate and other-website URLs removed; CATALOG_URLS re-scrapes
 * the URLs of the website's last FULL catalog while it is retained; FULL crawls the whole shop unless
 * the last FULL catalog is still fresh, and an unfinished FULL scrape of the website is returned
 * instead of a second one.
 */
export async function createScrapeJob(
  project: Project,
  request: ScrapeRequest,
  options: ScrapeCreateOptions = {},
): Promise<ScrapeCreation> {
  const website = await projectWebsite(project.project_id, request.website_id);
  const customerId = project.customer_id;
  if (!customerId) throw new Error(`Project ${project.project_id} has no customer to bill`);
  const difficulty = await readingDifficulty(website);
  const base = { project, customerId, website, difficulty, options };
  if (request.urls) return createUrlScrape(base, 'URLS_ONLY', request.urls);
  if (request.variant === 'CATALOG_URLS') {
    const catalog = await fullCatalogUrls(website);
    return createUrlScrape(base, 'CATALOG_URLS', catalog.urls, catalog.version);
  }
  return createFullScrape(base);
}

interface Base {
  project: Project;
  customerId: string;
  website: Website;
  difficulty: Difficulty;
  options: ScrapeCreateOptions;
}

/** The price depends on how products are read: the difficulty of the profile training learned. */
async function readingDifficulty(website: Website): Promise<Difficulty> {
  const profile = (await websiteStore.profile(website.website_id)) as ExtractionProfile | null;
  return profile?.difficulty ?? website.difficulty;
}

async function createUrlScrape(
  base: Base,
  variant: 'URLS_ONLY' | 'CATALOG_URLS',
  given: string[],
  sourceCatalog: string | null = null,
): Promise<ScrapeCreation> {
  const screened = screenScrapeUrls(given, base.website.domain);
  const rejected = { rejected: screened.rejected, rejected_urls: screened.rejectedUrls };
  if (screened.accepted.length === 0) {
    throw BadRequest(
      'NO_URL_ACCEPTED',
      `None of the URLs is a valid URL of ${base.website.domain}.`,
      rejected,
    );
  }
  const job = { ...newScrapeJob(base, variant, screened.accepted), source_catalog: sourceCatalog };
  await base.options.admit?.(job);
  // The list is in the data bucket before the job exists, so a job never lacks its URLs.
  await scrapeRuns.putUrlList(job.job_id, screened.accepted);
  const stored = await jobStore().put(job);
  await announceNewJob(stored);
  return variant === 'URLS_ONLY' ? { job: stored, created: true, rejected } : { job: stored, created: true };
}

/** The product URLs of the website's last FULL catalog, while the catalog retention keeps it. */
async function fullCatalogUrls(website: Website): Promise<{ urls: string[]; version: string }> {
  const catalog = await catalogStore.latest(website.website_id, 'FULL');
  if (!catalog) {
    throw Conflict('NO_FULL_CATALOG', 'The website has no FULL catalog yet; run a FULL scrape first.');
  }
  if (catalogFreshness(catalog.created_at) === 'EXPIRED') {
    throw Conflict(
      'CATALOG_EXPIRED',
      `The last FULL catalog (${catalog.created_at}) is older than the catalog retention of 30 days; run a FULL scrape.`,
    );
  }
  // A page offering variants is a line per variant in the catalog, and one URL to scrape.
  const urls = [...new Set((await catalogStore.read(catalog)).map((product) => product.url))];
  if (urls.length === 0) {
    throw Conflict('NO_FULL_CATALOG', 'The last FULL catalog of the website holds no products.');
  }
  return { urls, version: catalog.version };
}

async function createFullScrape(base: Base): Promise<ScrapeCreation> {
  const lock: JobLock = {
    lock: 'FULL_SCRAPE',
    project_id: base.project.project_id,
    website_id: base.website.website_id,
  };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const open = await jobStore().holding<ScrapeFields>(lock);
    if (open) return { job: open, created: false };
    const catalog = await catalogStore.latest(base.website.website_id, 'FULL');
    if (!base.options.evenIfFresh && catalog && catalogFreshness(catalog.created_at) === 'FRESH') {
      throw Conflict(
        'CATALOG_UP_TO_DATE',
        `The project already holds the newest catalog of this website (${catalog.created_at}); a FULL scrape is possible 24 hours after it.`,
      );
    }
    const fresh = newScrapeJob(base, 'FULL', null, lock);
    await base.options.admit?.(fresh);
    const job = await jobStore().create(fresh);
    // Another create took the website's lock: read again.
    if (!job) continue;
    await announceNewJob(job);
    return { job, created: true };
  }
  throw new Error(`Creating a FULL scrape of ${base.website.website_id} kept racing with other creates`);
}

function newScrapeJob(base: Base, variant: ScrapeVariant, urls: string[] | null, lock?: JobLock): ScrapeJob {
  const now = new Date().toISOString();
  const jobType = variant === 'FULL' ? 'FULL_SCRAPE' : 'URL_SCRAPE';
  // A URL job is quoted for its URLs; a FULL one for the products the setup estimated.
  const quantity = urls ? urls.length : base.website.products_estimate;
  return {
    ...newJobRecord({
      job_id: base.options.jobId ?? newId('job'),
      job_type: jobType,
      status: initialState(jobType),
      project_id: base.project.project_id,
      website_id: base.website.website_id,
      estimate: estimateJob({ lane: 'SCRAPE', difficulty: base.difficulty, products: quantity }, priceList()),
      customer_id: base.customerId,
      locks: lock ? [lock] : [],
      now,
    }),
    variant,
    url_count: urls ? urls.length : null,
    urls: urls && urls.length <= MAX_URLS_ON_JOB ? urls : null,
    url_results: null,
    scrape_run: null,
    source_catalog: null,
    batch_count: null,
  };
}
