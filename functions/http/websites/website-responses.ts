import * as v from 'valibot';
import { count, difficulty, estimate, productRecord, timestamp } from '../response-fields.ts';

export const website = v.object({
  website_id: v.string(),
  project_id: v.string(),
  url: v.string(),
  domain: v.string(),
  language: v.nullable(v.string()),
  product_type: v.nullable(v.string()),
  products_estimate: count,
  difficulty,
  estimate,
  setup_job_id: v.string(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const websiteSample = v.object({ website_id: v.string(), products: v.array(productRecord) });
