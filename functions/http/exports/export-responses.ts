import * as v from 'valibot';
import { count, timestamp } from '../response-fields.ts';

const dataset = v.picklist(['products', 'matches', 'price_comparison']);

export const exportFile = v.object({
  dataset,
  website_id: v.nullable(v.string()),
  format: v.literal('csv'),
  rows: count,
  bytes: count,
  updated_at: timestamp,
  currency: v.nullable(v.string()),
});

export const exportLink = v.object({
  dataset,
  project_id: v.string(),
  website_id: v.nullable(v.string()),
  url: v.string(),
  expires_at: timestamp,
});
