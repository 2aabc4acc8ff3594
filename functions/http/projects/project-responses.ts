import * as v from 'valibot';
import { localization, timestamp } from '../response-fields.ts';

export const project = v.object({
  project_id: v.string(),
  name: v.string(),
  customer_id: v.nullable(v.string()),
  is_default: v.boolean(),
  localization: v.nullable(localization),
  created_at: timestamp,
  updated_at: timestamp,
});
