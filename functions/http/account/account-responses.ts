import * as v from 'valibot';
import { nullableTimestamp, timestamp } from '../response-fields.ts';

export const account = v.object({
  user_id: v.string(),
  name: v.string(),
  email: v.string(),
  created_at: timestamp,
});

const keyScope = v.picklist(['USER', 'PROJECT']);

export const apiKey = v.object({
  key_id: v.string(),
  name: v.nullable(v.string()),
  scope: keyScope,
  project_id: v.nullable(v.string()),
  key_suffix: v.string(),
  created_at: timestamp,
  last_used_at: nullableTimestamp,
});

/** The one answer that carries the key itself: it is never shown again. */
export const createdApiKey = v.object({
  api_key: v.string(),
  key_id: v.string(),
  scope: keyScope,
  name: v.nullable(v.string()),
  project_id: v.nullable(v.string()),
  key_suffix: v.string(),
  created_at: timestamp,
});
