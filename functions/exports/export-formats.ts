/**
 * The formats every export file is written in: CSV for spreadsheets, JSON Lines with raw values,
 * Excel workbooks with typed cells, and Parquet with typed columns for data tools.
 */
export const EXPORT_FORMATS = ['csv', 'jsonl', 'xlsx', 'parquet'] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number];
