import type { Job, StoredJob } from '#core/job-record';
import { publicJob } from '#core/public-job';
import type { UrlResult } from '#crawl/index';
import { type ScrapeProgress, type ScrapeRunProgress, scrapeProgressView } from './scrape-progress.ts';

/** How many of a scrape's URLs ended in each result. */
export type UrlResultCounts = Record<UrlResult, number>;

export type ScrapeVariant = 'FULL' | 'CATALOG_URLS' | 'URLS_ONLY';

/** A URL list is shown on the job up to this many URLs; longer lists live only in the data bucket. */
export const MAX_URLS_ON_JOB = 1000;

/** A scrape job's own fields: the interface's, then the service's. */
export interface ScrapeFields {
  variant: ScrapeVariant;
  /** URLs to scrape: the accepted list of a URL job; for FULL the URLs found, once known. */
  url_count: number | null;
  urls: string[] | null;
  /** For a settled scrape job (URL or FULL): the URLs per result. */
  url_results: UrlResultCounts | null;
  /** Live progress as the run records it; the interface's `scrape_progress` is derived from it. */
  scrape_run: ScrapeRunProgress | null;
  /** The FULL catalog whose URLs a CATALOG_URLS job re-scrapes. */
  source_catalog: string | null;
  /** Batches the run split its URLs into, once planned. */
  batch_count: number | null;
  /**
   * The website's whole catalog before this job's (its version), set when the job settles a whole
   * catalog: what the changes are found against. Absent on other and older jobs; null for a first.
   */
  previous_catalog?: string | null;
}

export type ScrapeJob = StoredJob<ScrapeFields>;

export const isScrapeJob = (job: StoredJob): job is ScrapeJob =>
  job.job_type === 'FULL_SCRAPE' || job.job_type === 'URL_SCRAPE';

const SCRAPE_FIELDS = ['variant', 'url_count', 'urls'] as const satisfies readonly (keyof ScrapeFields)[];

export type PublicScrapeJob = Job &
  Pick<ScrapeFields, (typeof SCRAPE_FIELDS)[number] | 'url_results'> & {
    scrape_progress: ScrapeProgress | null;
  };

/** The job as the interface shows it: live progress, and `url_results` of a settled job (URL or FULL). */
export function publicScrapeJob(job: ScrapeJob): PublicScrapeJob {
  return {
    ...(publicJob(job, SCRAPE_FIELDS) as Job & Pick<ScrapeFields, (typeof SCRAPE_FIELDS)[number]>),
    scrape_progress: job.scrape_run ? scrapeProgressView(job.scrape_run) : null,
    // Jobs settled before BLOCKED was a result name count none.
    url_results:
      job.settlement && job.url_results
        ? { ...job.url_results, BLOCKED: job.url_results.BLOCKED ?? 0 }
        : null,
  };
}
