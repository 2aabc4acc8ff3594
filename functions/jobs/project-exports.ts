import { Forbidden, NotFound, Unavailable } from '#core/problem';
import { csvLines } from '#exports/csv-lines';
import { type ExportDataset, isExportDataset, PRODUCT_COLUMNS, productRow } from '#exports/export-datasets';
import { ratesSourceFromEnv } from '#exports/rates-source';
import { RatesUnavailable, type ReferenceRates } from '#exports/reference-rates';
import { optionalEnv } from '#platform/config';
import { logError } from '#platform/log';
import { type CatalogPointer, latestCatalog, readCatalog } from '#store/catalogs';
import { exportFileExists, exportObjectKey, presignExportFile, putExportFile } from '#store/export-files';
import {
  type ExportRecord,
  exportsEnabled,
  getExportRecord,
  listExportRecords,
  putExportRecord,
} from '#store/export-records';
import { getProject, type Project } from '#store/projects';
import { getWebsite, listWebsites } from '#store/websites';

/**
 * The project's export files: built from the newest whole catalog of each website when a scrape
 * delivers one (the lane's EXPORTING step), and rebuilt when a link is asked for and the file no
 * longer matches its inputs (a new project currency, a newer catalog, a removed website, or a file
 * the bucket's lifecycle expired).
 */
type ExportingProject = Pick<Project, 'project_id' | 'localization'>;

const rates = ratesSourceFromEnv();
/** DESIGN.md: presigned URLs live 15 minutes. */
export const EXPORT_URL_SECONDS = 15 * 60;

export interface ExportListItem {
  dataset: ExportDataset;
  website_id: string | null;
  format: 'csv';
  rows: number;
  bytes: number;
  updated_at: string;
  currency: string | null;
}

export interface ExportLink {
  dataset: ExportDataset;
  project_id: string;
  website_id: string | null;
  url: string;
  expires_at: string;
}

interface ProductSource {
  websiteId: string;
  pointer: CatalogPointer;
}

/**
 * Operators set `EXPORTS_MAINTENANCE=true` to close exports (503) while they work on the bucket or
 * the rates. It is read on every request, not once, so a running local stack can be switched too.
 */
function assertOpen(): void {
  if (optionalEnv('EXPORTS_MAINTENANCE') === 'true')
    throw Unavailable('EXPORTS_MAINTENANCE', 'Exports are under maintenance; try again later.');
}

async function currentRates(): Promise<ReferenceRates> {
  try {
    return await rates.current();
  } catch (error) {
    if (!(error instanceof RatesUnavailable)) throw error;
    logError('exports: reference rates unavailable', error);
    throw Unavailable('EXPORTS_MAINTENANCE', 'Exchange rates cannot be read right now; try again shortly.');
  }
}

const projectCurrency = (project: ExportingProject) => project.localization?.currency ?? null;

/** The newest whole catalog of the website, or of each website of the project (in its order), that has one. */
async function productSources(projectId: string, websiteId: string | null): Promise<ProductSource[]> {
  const websiteIds = websiteId ? [websiteId] : (await listWebsites(projectId)).map((site) => site.website_id);
  const pointers = await Promise.all(websiteIds.map((id) => latestCatalog(id)));
  return websiteIds.flatMap((id, index) => {
    const pointer = pointers[index];
    return pointer ? [{ websiteId: id, pointer }] : [];
  });
}

const sourceVersions = (sources: readonly ProductSource[]) =>
  Object.fromEntries(sources.map((source) => [source.websiteId, source.pointer.version]));

function isCurrent(
  record: ExportRecord,
  project: ExportingProject,
  sources: readonly ProductSource[],
): boolean {
  const versions = sourceVersions(sources);
  const held = Object.entries(record.sources);
  return (
    record.currency === projectCurrency(project) &&
    held.length === sources.length &&
    held.every(([websiteId, version]) => versions[websiteId] === version)
  );
}

/**
 * Writes the products file of the sources and its record. Catalogs are read whole (the catalog
 * store's unit), the CSV is produced line by line from them.
 */
async function writeProducts(
  project: ExportingProject,
  websiteId: string | null,
  sources: readonly ProductSource[],
): Promise<ExportRecord> {
  const conversion = { currency: projectCurrency(project), rates: await currentRates() };
  const catalogs = await Promise.all(sources.map((source) => readCatalog(source.pointer)));
  let rows = 0;
  function* productRows() {
    for (const [index, source] of sources.entries()) {
      for (const product of catalogs[index] ?? []) {
        rows++;
        yield productRow(source.websiteId, product, conversion);
      }
    }
  }
  const key = exportObjectKey(project.project_id, 'products', websiteId);
  const fileName = `products-${websiteId ?? project.project_id}.csv`;
  const bytes = await putExportFile(
    key,
    csvLines(PRODUCT_COLUMNS, productRows(), (row) => row),
    fileName,
  );
  const record: ExportRecord = {
    project_id: project.project_id,
    dataset: 'products',
    website_id: websiteId,
    format: 'csv',
    rows,
    bytes,
    updated_at: new Date().toISOString(),
    object_key: key,
    currency: conversion.currency,
    rates_date: conversion.rates.date,
    sources: sourceVersions(sources),
  };
  await putExportRecord(record);
  return record;
}

/**
 * The scrape lane's EXPORTING step: the website's products file and the project's file of all its
 * websites, from their newest whole catalogs. A website without one (only URL scrapes so far) has
 * no file.
 */
export async function exportProducts(projectId: string, websiteId: string): Promise<void> {
  const project = await getProject(projectId);
  if (!project) return;
  for (const scope of [websiteId, null]) {
    const sources = await productSources(projectId, scope);
    if (sources.length > 0) await writeProducts(project, scope, sources);
  }
}

/** The file of the dataset and scope, rebuilt first when it no longer matches its inputs; null when there is none. */
async function currentFile(
  project: ExportingProject,
  dataset: ExportDataset,
  websiteId: string | null,
): Promise<ExportRecord | null> {
  const record = await getExportRecord(project.project_id, dataset, websiteId);
  if (dataset !== 'products') {
    // Match datasets are written by the matching lane with its results; there is nothing to rebuild from here.
    return record && (await exportFileExists(record.object_key)) ? record : null;
  }
  const sources = await productSources(project.project_id, websiteId);
  if (sources.length === 0) return null;
  if (record && isCurrent(record, project, sources) && (await exportFileExists(record.object_key)))
    return record;
  return writeProducts(project, websiteId, sources);
}

/** `GET /exports`: the project's files; files of websites removed since are left out. */
export async function listExports(project: ExportingProject): Promise<ExportListItem[]> {
  assertOpen();
  const [records, websites] = await Promise.all([
    listExportRecords(project.project_id),
    listWebsites(project.project_id),
  ]);
  const present = new Set(websites.map((site) => site.website_id));
  return records
    .filter((record) => record.website_id === null || present.has(record.website_id))
    .map((record) => ({
      dataset: record.dataset,
      website_id: record.website_id,
      format: record.format,
      rows: record.rows,
      bytes: record.bytes,
      updated_at: record.updated_at,
      currency: record.currency,
    }));
}

/**
 * A presigned GET URL of the dataset's file, of one website or (website null) of all the
 * project's websites, valid 15 minutes.
 */
export async function exportFileLink(
  project: ExportingProject,
  dataset: string,
  websiteId: string | null,
): Promise<ExportLink> {
  assertOpen();
  if (!isExportDataset(dataset)) throw NotFound('DATASET_NOT_FOUND', `No export dataset ${dataset}.`);
  if (!(await exportsEnabled(project.project_id)))
    throw Forbidden('EXPORTS_NOT_ENABLED', 'Exports are not enabled for this project; contact support.');
  if (websiteId !== null) {
    const website = await getWebsite(websiteId);
    if (website?.project_id !== project.project_id) throw NotFound('WEBSITE_NOT_FOUND', 'No such website.');
  }
  const file = await currentFile(project, dataset, websiteId);
  if (!file) throw NotFound('EXPORT_FILE_NOT_FOUND', `The project has no ${dataset} file yet.`);
  const expiresAt = new Date(Date.now() + EXPORT_URL_SECONDS * 1000);
  return {
    dataset,
    project_id: project.project_id,
    website_id: websiteId,
    url: await presignExportFile(file.object_key, EXPORT_URL_SECONDS),
    expires_at: expiresAt.toISOString(),
  };
}
