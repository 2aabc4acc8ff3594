import * as v from 'valibot';
import { availability, count, difficulty, estimate, productRecord, timestamp } from '../response-fields.ts';

export const website = v.object({
  website_id: v.string(),
  project_id: v.string(),
  url: v.string(),
  domain: v.string(),
  language: v.nullable(v.string()),
  product_type: v.nullable(v.string()),
  products_estimate: count,
  difficulty,
  rendering: v.picklist(['HTTP', 'BROWSER']),
  estimate,
  setup_job_id: v.string(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const websiteSample = v.object({ website_id: v.string(), products: v.array(productRecord) });

export const pricePoint = v.object({
  observed_at: timestamp,
  job_id: v.string(),
  url: v.string(),
  price: v.nullable(v.string()),
  currency: v.nullable(v.string()),
  availability,
});

export const productHistory = v.object({
  website_id: v.string(),
  product_id: v.string(),
  from: v.nullable(timestamp),
  to: v.nullable(timestamp),
  points: v.array(pricePoint),
});
