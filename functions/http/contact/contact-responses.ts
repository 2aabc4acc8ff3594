import * as v from 'valibot';
import { timestamp } from '../response-fields.ts';

export const contactRequest = v.object({
  contact_request_id: v.string(),
  reason: v.picklist(['SALES', 'SUPPORT']),
  team: v.picklist(['SALES', 'SUPPORT']),
  channel: v.picklist(['EMAIL', 'PHONE']),
  email: v.string(),
  phone: v.nullable(v.string()),
  message: v.nullable(v.string()),
  job_id: v.nullable(v.string()),
  contact_reason: v.nullable(v.string()),
  project_id: v.nullable(v.string()),
  created_at: timestamp,
});
