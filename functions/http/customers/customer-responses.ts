import * as v from 'valibot';
import { count, money, timestamp } from '../response-fields.ts';

const customerRole = v.picklist(['OWNER', 'ADMIN', 'MEMBER']);

export const membership = v.object({
  customer_id: v.string(),
  name: v.string(),
  role: customerRole,
  managed: v.boolean(),
});

export const customer = v.object({
  customer_id: v.string(),
  name: v.string(),
  role: customerRole,
  managed: v.boolean(),
  created_at: timestamp,
  quotas: v.object({
    max_projects: count,
    projects_used: count,
    free_analyses_per_month: count,
    free_analyses_used: count,
    monthly_spend_limit: money,
    spent_this_month: money,
    topup_min: money,
    topup_max: money,
  }),
});
