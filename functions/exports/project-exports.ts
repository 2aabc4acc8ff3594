import { type MatchDecision, reviewMatches } from '#core/match-decisions';
import { Forbidden, NotFound, Unavailable } from '#core/problem';
import type { ProductRecord } from '#core/product-record';
import { setting } from '#platform/config';
import { logError } from '#platform/log';
import { type CatalogPointer, latestCatalog, readCatalog } from '#store/catalogs';
import { listMatchDecisions, matchDecisionsVersion } from '#store/match-decisions';
import { getProject, type Project } from '#store/projects';
import { getWebsite, listWebsites } from '#store/websites';
import { type CsvValue, csvLines } from './csv-lines.ts';
import {
  type ExportDataset,
  isExportDataset,
  MATCH_COLUMNS,
  type MatchRecord,
  matchRow,
  PRODUCT_COLUMNS,
  type PriceConversion,
  priceComparisonColumns,
  priceComparisonRow,
  productRow,
  type ReviewedMatch,
} from './export-datasets.ts';
import { exportFileExists, exportObjectKey, presignExportFile, putExportFile } from './export-files.ts';
import {
  type ExportRecord,
  exportsEnabled,
  getExportRecord,
  listExportRecords,
  putExportRecord,
} from './export-records.ts';
import { ratesSourceFromEnv } from './rates-source.ts';
import { RatesUnavailable, type ReferenceRates } from './reference-rates.ts';
import { getRunMatches } from './run-matches.ts';

/**
 * The project's export files: built from the newest whole catalog of each website when a scrape
 * delivers one (the lane's EXPORTING step), and rebuilt when a link is asked for and the file no
 * longer matches its inputs (a new project currency, a newer catalog, a removed website, or a file
 * the bucket's lifecycle expired).
 */
type ExportingProject = Pick<Project, 'project_id' | 'localization'>;

const rates = ratesSourceFromEnv();
/** The design: presigned URLs live 15 minutes. */
export const EXPORT_URL_SECONDS = 15 * 60;

/** What the list of a project's exports shows of each file's record. */
export type ExportListItem = Pick<
  ExportRecord,
  'dataset' | 'website_id' | 'format' | 'rows' | 'bytes' | 'updated_at' | 'currency'
>;

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
  if (setting('EXPORTS_MAINTENANCE') === 'true')
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

/** One file to write: its rows as CSV values, and what they were built from. */
interface ExportFile {
  dataset: ExportDataset;
  websiteId: string | null;
  columns: readonly string[];
  rows: Iterable<CsvValue[]>;
  sources: readonly ProductSource[];
  matchingRun?: ExportRecord['matching_run'];
}

/** Writes the file line by line and then its record, so a record never names a missing file. */
async function writeFile(project: ExportingProject, conversion: PriceConversion, file: ExportFile) {
  let rows = 0;
  function* counted() {
    for (const row of file.rows) {
      rows++;
      yield row;
    }
  }
  const key = exportObjectKey(project.project_id, file.dataset, file.websiteId);
  const fileName = `${file.dataset}-${file.websiteId ?? project.project_id}.csv`;
  const bytes = await putExportFile(
    key,
    csvLines(file.columns, counted(), (row) => row),
    fileName,
  );
  const record: ExportRecord = {
    project_id: project.project_id,
    dataset: file.dataset,
    website_id: file.websiteId,
    format: 'csv',
    rows,
    bytes,
    updated_at: new Date().toISOString(),
    object_key: key,
    currency: conversion.currency,
    rates_date: conversion.rates.date,
    sources: sourceVersions(file.sources),
    ...(file.matchingRun ? { matching_run: file.matchingRun } : {}),
  };
  await putExportRecord(record);
  return record;
}

const conversionFor = async (project: ExportingProject): Promise<PriceConversion> => ({
  currency: projectCurrency(project),
  rates: await currentRates(),
});

/** The products file of the sources. Catalogs are read whole (the catalog store's unit). */
async function writeProducts(
  project: ExportingProject,
  websiteId: string | null,
  sources: readonly ProductSource[],
): Promise<ExportRecord> {
  const conversion = await conversionFor(project);
  const catalogs = await Promise.all(sources.map((source) => readCatalog(source.pointer)));
  function* rows() {
    for (const [index, source] of sources.entries()) {
      for (const product of catalogs[index] ?? []) yield productRow(source.websiteId, product, conversion);
    }
  }
  return writeFile(project, conversion, {
    dataset: 'products',
    websiteId,
    columns: PRODUCT_COLUMNS,
    rows: rows(),
    sources,
  });
}

/** What a matching run found, as the matching lane hands it to exports. */
export interface MatchRun {
  /** The matching job, whose stored matches rebuild the files later (another project currency). */
  job_id: string;
  reference_website_id: string;
  competitor_website_ids: readonly string[];
  matches: readonly MatchRecord[];
}

/**
 * The matching lane's EXPORTING step: the `matches` and `price_comparison` files of the reference
 * website, from the run's matches and the newest whole catalogs of the websites (the ones matched).
 */
export async function exportMatches(projectId: string, run: MatchRun): Promise<void> {
  const project = await getProject(projectId);
  if (project) await writeMatchFiles(project, run);
}

/** A kept pair the engine does not propose: as it was accepted, or added by hand without a score. */
const decidedMatch = (decision: MatchDecision): ReviewedMatch => ({
  reference_website_id: decision.reference_website_id,
  reference_url: decision.reference_url,
  competitor_website_id: decision.competitor_website_id,
  competitor_url: decision.competitor_url,
  score: decision.proposal?.score ?? null,
  method: decision.proposal?.method ?? 'MANUAL',
  ...(decision.proposal?.confidence === undefined ? {} : { confidence: decision.proposal.confidence }),
  ...(decision.proposal?.evidence === undefined ? {} : { evidence: decision.proposal.evidence }),
});

/**
 * The `matches` and `price_comparison` files of a run, its matches reviewed: the project's match
 * decisions as they are now are laid over the engine's proposals.
 */
async function writeMatchFiles(
  project: ExportingProject,
  run: MatchRun,
): Promise<Record<'matches' | 'price_comparison', ExportRecord>> {
  const websiteIds = [run.reference_website_id, ...run.competitor_website_ids];
  const pointers = await Promise.all(websiteIds.map((id) => latestCatalog(id)));
  const sources = websiteIds.flatMap((websiteId, index) => {
    const pointer = pointers[index];
    return pointer ? [{ websiteId, pointer }] : [];
  });
  const catalogs = await Promise.all(sources.map((source) => readCatalog(source.pointer)));
  const products = new Map<string, ProductRecord>();
  for (const [index, source] of sources.entries()) {
    for (const product of catalogs[index] ?? []) products.set(`${source.websiteId} ${product.url}`, product);
  }
  const lookup = (websiteId: string, url: string) => products.get(`${websiteId} ${url}`);
  // The version is read before the decisions, so a decision made meanwhile makes the file stale.
  const decisionsVersion = await matchDecisionsVersion(project.project_id);
  const reviewed = reviewMatches<ReviewedMatch>(
    run.reference_website_id,
    run.competitor_website_ids,
    run.matches,
    await listMatchDecisions(project.project_id),
    decidedMatch,
  ).filter(
    // A kept pair whose product has left its catalog has nothing left to compare.
    (match) =>
      match.status === 'proposed' ||
      (lookup(match.reference_website_id, match.reference_url) &&
        lookup(match.competitor_website_id, match.competitor_url)),
  );
  const byReference = new Map<string, ReviewedMatch[]>();
  for (const match of reviewed) {
    const held = byReference.get(match.reference_url);
    if (held) held.push(match);
    else byReference.set(match.reference_url, [match]);
  }
  const conversion = await conversionFor(project);
  const scope = {
    websiteId: run.reference_website_id,
    sources,
    matchingRun: {
      job_id: run.job_id,
      competitor_website_ids: [...run.competitor_website_ids],
      decisions_version: decisionsVersion,
    },
  };
  const matches = await writeFile(project, conversion, {
    ...scope,
    dataset: 'matches',
    columns: MATCH_COLUMNS,
    rows: reviewed.map((match) => matchRow(match, lookup, conversion)),
  });
  const reference = sources[0]?.websiteId === run.reference_website_id ? (catalogs[0] ?? []) : [];
  const priceComparison = await writeFile(project, conversion, {
    ...scope,
    dataset: 'price_comparison',
    columns: priceComparisonColumns(run.competitor_website_ids),
    rows: reference.map((product) =>
      priceComparisonRow(
        { website_id: run.reference_website_id, product },
        byReference.get(product.url) ?? [],
        run.competitor_website_ids,
        lookup,
        conversion,
      ),
    ),
  });
  return { matches, price_comparison: priceComparison };
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
    // Match files are of one reference website, never of all websites.
    if (!record || websiteId === null) return null;
    const exists = await exportFileExists(record.object_key);
    const reviewed =
      (record.matching_run?.decisions_version ?? 0) === (await matchDecisionsVersion(project.project_id));
    if (exists && reviewed && record.currency === projectCurrency(project)) return record;
    // A record written before match files named their matching job has nothing to rebuild from.
    if (!record.matching_run) return exists ? record : null;
    // Rebuilt from the job's stored matches, as its EXPORTING step wrote them; a newer catalog alone
    // does not rebuild them, since the matches were made from the catalogs of that run.
    const { job_id, competitor_website_ids } = record.matching_run;
    const files = await writeMatchFiles(project, {
      job_id,
      reference_website_id: websiteId,
      competitor_website_ids,
      matches: await getRunMatches(job_id),
    });
    return files[dataset];
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
