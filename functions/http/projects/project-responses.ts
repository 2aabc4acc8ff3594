import * as v from 'valibot';
import { MATCH_DECISION_KINDS } from '#core/match-decisions';
import { localization, timestamp } from '../response-fields.ts';

export const project = v.object({
  project_id: v.string(),
  name: v.string(),
  customer_id: v.nullable(v.string()),
  is_default: v.boolean(),
  localization: v.nullable(localization),
  change_threshold_percent: v.nullable(v.number()),
  created_at: timestamp,
  updated_at: timestamp,
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
