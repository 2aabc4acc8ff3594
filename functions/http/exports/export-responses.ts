import * as v from 'valibot';
import { EXPORT_DATASETS } from '#exports/export-datasets';
import { EXPORT_FORMATS } from '#exports/export-formats';
import { count, timestamp } from '../response-fields.ts';

const dataset = v.picklist(EXPORT_DATASETS);
const jobId = v.pipe(
  v.nullable(v.string()),
  v.description('The URL scrape job whose own products file this is; null for the files of websites.'),
);
const format = v.pipe(
  v.picklist(EXPORT_FORMATS),
  v.description(
    "`csv`: text cells that could start a spreadsheet formula are prefixed with `'`; `jsonl`: one JSON object a row with the raw values; `xlsx`: an Excel workbook, typed cells, no formulas; `parquet`: typed columns, money as exact decimal strings.",
  ),
);

export const exportFile = v.object({
  dataset,
  website_id: v.nullable(v.string()),
  job_id: jobId,
  format,
  rows: count,
  bytes: count,
  updated_at: timestamp,
  currency: v.nullable(v.string()),
});

export const exportLink = v.object({
  dataset,
  project_id: v.string(),
  website_id: v.nullable(v.string()),
  job_id: jobId,
  format,
  url: v.string(),
  expires_at: timestamp,
});
