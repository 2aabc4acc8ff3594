/** The formats every export file is written in: CSV for spreadsheets, JSON Lines with raw values. */
export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number];
