import type { ExportDataset } from './export-datasets.ts';
import type { ExportRecord } from './export-record.ts';

/**
 * Where the records of export files and a project's export setting are kept: what the export use
 * cases, the lanes writing files and the operator's commands need of a store, in their words.
 */
export interface ExportStore {
  /** Writes the record of a file, over the one of the same dataset, website and job. */
  put(record: ExportRecord): Promise<void>;
  /** The record of a dataset's file for a website (null: all of the project's) or a URL scrape job. */
  get(
    projectId: string,
    dataset: ExportDataset,
    websiteId: string | null,
    jobId?: string | null,
  ): Promise<ExportRecord | null>;
  /** Every export file record of the project. */
  ofProject(projectId: string): Promise<ExportRecord[]>;
  /** Exports are on unless an operator turned them off for the project. */
  enabled(projectId: string): Promise<boolean>;
  /** Turns the project's exports on or off; 404 PROJECT_NOT_FOUND when there is no such project. */
  setEnabled(projectId: string, enabled: boolean, at: string): Promise<void>;
}
