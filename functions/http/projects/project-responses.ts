import * as v from 'valibot';
import { PROJECT_ROLES } from '#core/access-policy';
import { CHANGE_KINDS } from '#history/price-changes';
import { MATCH_DECISION_KINDS } from '#matching-model/match-decisions';
import { availability, localization, timestamp } from '../response-fields.ts';

export const project = v.object({
  project_id: v.string(),
  name: v.string(),
  customer_id: v.nullable(v.string()),
  is_default: v.boolean(),
  localization: v.nullable(localization),
  change_threshold_percent: v.nullable(v.number()),
  auto_accept_confidence: v.number(),
  crawl_proxy_host: v.nullable(v.pipe(v.string(), v.examples(['proxy.example:3128']))),
  created_at: timestamp,
  updated_at: timestamp,
});

/** A project in the caller's list, with the caller's project role (what a console may offer). */
export const listedProject = v.object({
  ...project.entries,
  role: v.picklist(PROJECT_ROLES),
});

export const matchDecision = v.object({
  decision_id: v.string(),
  project_id: v.string(),
  reference_website_id: v.string(),
  reference_url: v.string(),
  competitor_website_id: v.string(),
  competitor_url: v.string(),
  decision: v.picklist(MATCH_DECISION_KINDS),
  decided_by: v.string(),
  decided_at: timestamp,
});

/** Null when the website's newest catalog no longer holds the product. */
const reviewProductFacts = v.nullable(
  v.object({
    price: v.nullable(v.string()),
    currency: v.nullable(v.string()),
    gtin: v.nullable(v.string()),
    mpn: v.nullable(v.string()),
    sku: v.nullable(v.string()),
  }),
);

const reviewCandidate = v.object({
  competitor_url: v.string(),
  competitor_name: v.nullable(v.string()),
  competitor: reviewProductFacts,
  confidence: v.number(),
  evidence: v.nullable(v.string()),
});

export const matchReviewItem = v.object({
  pair_id: v.string(),
  reference_website_id: v.string(),
  reference_url: v.string(),
  reference_name: v.nullable(v.string()),
  reference: reviewProductFacts,
  competitor_website_id: v.string(),
  competitor_url: v.string(),
  competitor_name: v.nullable(v.string()),
  competitor: reviewProductFacts,
  score: v.nullable(v.number()),
  method: v.string(),
  confidence: v.nullable(v.number()),
  evidence: v.nullable(v.string()),
  impact: v.number(),
  alternatives: v.array(reviewCandidate),
});

const priceComparisonCompetitor = v.object({
  website_id: v.string(),
  url: v.nullable(v.string()),
  price: v.nullable(v.string()),
  unit_price: v.nullable(v.string()),
  unit: v.nullable(v.string()),
  score: v.nullable(v.number()),
  competitor_status: v.picklist(['MATCHED', 'REVIEW', 'NO_MATCH']),
  match_status: v.nullable(v.string()),
  gap: v.nullable(v.string()),
  pack_differs: v.nullable(v.boolean()),
  variant_differs: v.nullable(v.boolean()),
});

export const priceComparisonItem = v.object({
  reference_website_id: v.string(),
  reference_url: v.string(),
  reference_name: v.nullable(v.string()),
  reference_gtin: v.nullable(v.string()),
  reference_price: v.nullable(v.string()),
  currency: v.nullable(v.string()),
  reference_unit_price: v.nullable(v.string()),
  reference_unit: v.nullable(v.string()),
  competitors: v.array(priceComparisonCompetitor),
});

export const priceChange = v.object({
  change_id: v.string(),
  project_id: v.string(),
  website_id: v.string(),
  job_id: v.string(),
  detected_at: timestamp,
  kind: v.picklist(CHANGE_KINDS),
  product_id: v.string(),
  product_url: v.string(),
  product_name: v.nullable(v.string()),
  previous_price: v.nullable(v.string()),
  current_price: v.nullable(v.string()),
  currency: v.nullable(v.string()),
  previous_availability: v.nullable(availability),
  current_availability: v.nullable(availability),
  price_change: v.nullable(v.string()),
  price_change_percent: v.nullable(v.number()),
  matched_reference: v.nullable(
    v.object({
      website_id: v.string(),
      product_id: v.string(),
      url: v.string(),
      name: v.nullable(v.string()),
      price: v.nullable(v.string()),
      currency: v.nullable(v.string()),
      previous_gap_percent: v.nullable(v.number()),
      gap_percent: v.nullable(v.number()),
    }),
  ),
});
