import * as v from 'valibot';
import { JOB_STATUSES, JOB_TYPES } from '#core/lanes';
import { count, estimate, money, nullableTimestamp, percent, timestamp } from '../response-fields.ts';

export const approval = v.object({ approved_by: v.string(), approved_at: timestamp });

export const settlement = v.pipe(
  v.object({
    quantity: count,
    currency: v.string(),
    amount: money,
    capped: v.boolean(),
    settled_at: timestamp,
  }),
  // The settlement of the Estimate example's job: 4180 products delivered at 2.00 per 1000.
  v.examples([
    {
      quantity: 4180,
      currency: 'EUR',
      amount: '8.36',
      capped: false,
      settled_at: '2026-03-02T10:12:40.000Z',
    },
  ]),
);

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

const scrapeJobObject = v.object({
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

/** A FULL scrape that completed: its quote, approval and settlement as the Estimate example's job. */
const SCRAPE_JOB_EXAMPLE = {
  job_id: 'job_01jdq8x2kz9c4m7v5r3t6w8y0a',
  job_type: 'FULL_SCRAPE',
  status: 'COMPLETED',
  project_id: 'prj_01jdq7m4c2b8n6v3x9z5t1w7ya',
  website_id: 'web_01jdq7p9e3f5g7h2j4k6m8n0qb',
  estimate: {
    currency: 'EUR',
    unit_price_per_1000: '2.00',
    quantity: 4200,
    total: '8.40',
    cap: '10.50',
    min_charge: '1.00',
    difficulty: 'EASY',
    input_products: 4200,
  },
  approval: { approved_by: 'usr_01jdq6a1b2c3d4e5f6g7h8j9ka', approved_at: '2026-03-02T09:31:05.000Z' },
  settlement: {
    quantity: 4180,
    currency: 'EUR',
    amount: '8.36',
    capped: false,
    settled_at: '2026-03-02T10:12:40.000Z',
  },
  error: null,
  error_code: null,
  contact_reason: null,
  contact_request_id: null,
  created_at: '2026-03-02T09:30:00.000Z',
  updated_at: '2026-03-02T10:12:41.000Z',
  finished_at: '2026-03-02T10:12:41.000Z',
  variant: 'FULL',
  url_count: null,
  urls: null,
  url_results: {
    OK: 4180,
    NOT_FOUND: 12,
    NOT_A_PRODUCT: 310,
    BLOCKED_BY_ROBOTS: 8,
    ADDRESS_NOT_ALLOWED: 0,
    BLOCKED: 0,
    FAILED: 0,
  },
  scrape_progress: { pages: 4510, pages_limit: 50000, pages_estimate: 4510, phase: 'DONE', percent: 100 },
} as const;

export const scrapeJob = v.pipe(scrapeJobObject, v.examples([SCRAPE_JOB_EXAMPLE]));

/** A created URL job also says which of the given URLs the service removed. */
export const createdScrapeJob = v.object({
  ...scrapeJobObject.entries,
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
