import { z } from 'zod';

// Output schemas of the MCP tools. Loose objects: they name the fields an assistant reads first and
// let every other field of the API's answer through, so a field the API adds breaks no tool.

const money = z.string().describe('A decimal amount, e.g. "12.50"');

export const estimateSchema = z.looseObject({
  currency: z.string(),
  total: money.describe('The quote: what the job costs at the quoted quantity'),
  cap: money.describe('The most the job can ever charge (125 % of total); approval holds it'),
  quantity: z.number().describe('Products (scrape) or reference products times competitors (matching)'),
});

export const jobSchema = z.looseObject({
  job_id: z.string(),
  job_type: z.string().describe('WEBSITE_SETUP, FULL_SCRAPE, URL_SCRAPE or MATCHING'),
  status: z.string(),
  project_id: z.string(),
  estimate: estimateSchema.nullable().optional(),
});

export const projectSchema = z.looseObject({ project_id: z.string(), name: z.string() });
export const websiteSchema = z.looseObject({ website_id: z.string() });

export const balanceSchema = z.looseObject({
  customer_id: z.string(),
  currency: z.string(),
  balance: money,
  held: money.describe('Held by approved jobs until they settle'),
  spendable: money.describe('What approvals can still hold'),
});

export const usageSchema = z.looseObject({
  month: z.string().describe('YYYY-MM, billing months in Europe/Prague'),
  total: money,
  items: z.array(z.looseObject({})),
});

export const exportFileSchema = z.looseObject({
  dataset: z.string(),
  website_id: z.string().nullable(),
  format: z.string(),
  rows: z.number(),
  bytes: z.number(),
});

export const historySchema = z.looseObject({
  website_id: z.string(),
  product_id: z.string(),
  points: z.array(z.looseObject({ observed_at: z.string() })),
});

export const changeSchema = z.looseObject({
  change_id: z.string(),
  kind: z.string(),
  product_url: z.string(),
});

export const matchDecisionSchema = z.looseObject({
  decision_id: z.string(),
  decision: z.string().describe('ACCEPTED, REJECTED or MANUAL'),
  reference_url: z.string(),
  competitor_url: z.string(),
});

export const nextCursor = z
  .string()
  .nullable()
  .describe('Pass as cursor to read the next page; null on the last page');

export const exportRowsSchema = {
  rows: z.array(z.looseObject({})).describe('Rows keyed by the column names, raw values (null: empty)'),
  next_offset: z
    .number()
    .nullable()
    .describe('Pass as offset to read the rows after these; null when the file ends'),
  bytes_read: z.number().describe('Bytes of the file fetched to answer'),
};
