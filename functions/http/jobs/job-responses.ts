import * as v from 'valibot';
import { JOB_STATUSES, JOB_TYPES } from '#core/lanes';
import { count, estimate, money, nullableTimestamp, percent, timestamp } from '../response-fields.ts';

export const approval = v.object({ approved_by: v.string(), approved_at: timestamp });

export const settlement = v.object({
  quantity: count,
  currency: v.string(),
  amount: money,
  capped: v.boolean(),
  settled_at: timestamp,
});

/** The fields every job shows, whatever its lane. */
const jobFields = {
  job_id: v.string(),
  job_type: v.picklist(JOB_TYPES),
  status: v.picklist(JOB_STATUSES),
  project_id: v.string(),
  website_id: v.nullable(v.string()),
  estimate: v.nullable(estimate),
  approval: v.nullable(approval),
  settlement: v.nullable(settlement),
  error: v.nullable(v.string()),
  error_code: v.nullable(v.string()),
  contact_reason: v.nullable(v.string()),
  contact_request_id: v.nullable(v.string()),
  created_at: timestamp,
  updated_at: timestamp,
  finished_at: nullableTimestamp,
};

const stepState = v.object({ state: v.picklist(['PENDING', 'RUNNING', 'DONE', 'NOT_FOUND', 'FAILED']) });

const pageProgress = <const Phases extends readonly string[]>(phases: Phases) =>
  v.object({ pages: count, pages_limit: count, pages_estimate: count, phase: v.picklist(phases), percent });

export const setupJob = v.object({
  ...jobFields,
  url: v.string(),
  country: v.string(),
  currency: v.string(),
  analysis_progress: v.nullable(
    v.object({
      config: stepState,
      homepage: stepState,
      sitemap: stepState,
      size: stepState,
      sitemap_size: count,
      is_ecommerce: v.boolean(),
      product_type: v.string(),
      language: v.string(),
      products_estimate: count,
      rendering: v.picklist(['HTTP', 'BROWSER']),
    }),
  ),
  train_progress: v.nullable(
    pageProgress(['COLLECTING_PAGES', 'CLASSIFYING_PAGES', 'LEARNING_PROFILE', 'DONE']),
  ),
});

export const scrapeJob = v.object({
  ...jobFields,
  variant: v.picklist(['FULL', 'CATALOG_URLS', 'URLS_ONLY']),
  url_count: v.nullable(count),
  urls: v.nullable(v.array(v.string())),
  url_results: v.nullable(
    v.object({
      OK: count,
      NOT_FOUND: count,
      NOT_A_PRODUCT: count,
      BLOCKED_BY_ROBOTS: count,
      ADDRESS_NOT_ALLOWED: count,
      BLOCKED: count,
      FAILED: count,
    }),
  ),
  scrape_progress: v.nullable(
    pageProgress(['COLLECTING_PAGES', 'SCRAPING_PAGES', 'MERGING_CATALOG', 'DONE']),
  ),
});

/** A created URL job also says which of the given URLs the service removed. */
export const createdScrapeJob = v.object({
  ...scrapeJob.entries,
  rejected: v.optional(count),
  rejected_urls: v.optional(v.array(v.string())),
});

export const matchingJob = v.object({
  ...jobFields,
  reference_website_id: v.string(),
  competitor_website_ids: v.array(v.string()),
  sample: v.boolean(),
  matching_progress: v.nullable(
    v.object({
      products_checked: count,
      products_skipped_not_modified: count,
      new_matches: count,
      products_processed: count,
      products_total: count,
      estimated_minutes_left: v.nullable(v.number()),
      percent,
      phase: v.picklist(['LOADING_CATALOGS', 'MATCHING_PRODUCTS', 'SETTLING', 'EXPORTING', 'DONE']),
    }),
  ),
  overlap: v.nullable(
    v.array(v.object({ website_id: v.string(), match_website_id: v.string(), products: count })),
  ),
  websites: v.nullable(v.array(v.object({ website_id: v.string(), products: count, modified: count }))),
});

/** A job of any lane, as cancel answers it. */
export const anyJob = v.union([setupJob, scrapeJob, matchingJob]);
