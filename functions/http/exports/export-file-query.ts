import * as v from 'valibot';
import { EXPORT_FORMATS, type ExportFormat } from '#exports/export-formats';
import type { ExportFileChoice } from '#exports/project-exports';
import { id } from '#platform/request-fields';

/** The query fields that pick one file of a dataset, shared by the link and the download. */
export const fileChoiceFields = {
  website_id: v.optional(id),
  job_id: v.optional(
    v.pipe(
      id,
      v.description(
        'A URL scrape job: its own products file, one row per URL sent with `url_result` (products dataset only).',
      ),
    ),
  ),
  format: v.optional(
    v.pipe(
      v.picklist(EXPORT_FORMATS),
      v.description(
        "`csv` (default): text cells starting with =, +, -, @, a tab or a carriage return are prefixed with `'` so spreadsheets do not run them. `jsonl`: the same rows as JSON objects with the raw values. `xlsx`: an Excel workbook with typed cells (text is never a formula). `parquet`: typed columns for data tools (money as exact decimal strings, objects as JSON text).",
      ),
    ),
  ),
};

export const fileChoice = (query: {
  website_id?: string | undefined;
  job_id?: string | undefined;
  format?: ExportFormat | undefined;
}): ExportFileChoice => ({
  websiteId: query.website_id ?? null,
  jobId: query.job_id ?? null,
  format: query.format ?? 'csv',
});
