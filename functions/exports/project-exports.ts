import type { JobReads } from '#core/job-reads';
import { Forbidden, NotFound, Unavailable } from '#core/problem';
import type { ProductRecord } from '#core/product-record';
import { type MatchDecision, reviewMatches } from '#matching-model/match-decisions';
import type { MatchingReads } from '#matching-model/matching-reads';
import { logError } from '#platform/log';
import type { Project } from '#projects/project';
import { projectStore } from '#projects/project-services';
import { catalogStore } from '#websites/catalog-services';
import { projectWebsite } from '#websites/project-website';
import { websiteStore } from '#websites/website-services';
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
import { exportObjectKey } from './export-files.ts';
import {
  exportFileExists,
  exportFileLines,
  presignExportFile,
  readExportFile,
} from './export-files-services.ts';
import { EXPORT_FORMATS, type ExportFormat } from './export-formats.ts';
import { type ExportRecord, fileOf, objectKeyOf } from './export-record.ts';
import { exportStore } from './export-services.ts';
import { exportsInMaintenance, referenceRates } from './export-stage-services.ts';
import { currentHistoryFile, isHistoryDataset } from './history-exports.ts';
import { type PriceComparisonItem, priceComparisonItem } from './price-comparison-items.ts';
import { pendingProjectRecord, productRowOfLine } from './project-file-parts.ts';
import { RatesUnavailable, type ReferenceRates } from './reference-rates.ts';
import { getRunMatches } from './run-matches.ts';
import { writeUrlScrapeFile } from './url-scrape-file.ts';
import { type ProductSource, sourceVersions, writeExportFile } from './write-export-file.ts';

/**
 * The project's export files: a scrape's EXPORTING step builds its website's products file from the
 * website's newest whole catalog (and a URL scrape job's own products file); the project's products
 * file is composed from the websites' files when it is asked for (`project-file-parts.ts`). A file is
 * rebuilt when a link is asked for and it no longer matches its inputs (a new project currency, a
 * newer catalog, a removed website, or a file the bucket's lifecycle expired).
 */
type ExportingProject = Pick<
  Project,
  'project_id' | 'localization' | 'change_threshold_percent' | 'auto_accept_confidence'
>;

/** The design: presigned URLs live 15 minutes. */
export const EXPORT_URL_SECONDS = 15 * 60;

/** What the list of a project's exports shows of each file: one item per file and format. */
export type ExportListItem = Pick<
  ExportRecord,
  'dataset' | 'website_id' | 'rows' | 'bytes' | 'updated_at' | 'currency'
> & { job_id: string | null; format: ExportFormat };

export interface ExportLink {
  dataset: ExportDataset;
  project_id: string;
  website_id: string | null;
  job_id: string | null;
  format: ExportFormat;
  url: string;
  expires_at: string;
}

/** Which file of a dataset a link is asked for. */
export interface ExportFileChoice {
  websiteId: string | null;
  /** A URL scrape job: its own products file. */
  jobId: string | null;
  format: ExportFormat;
}

function assertOpen(): void {
  if (exportsInMaintenance())
    throw Unavailable('EXPORTS_MAINTENANCE', 'Exports are under maintenance; try again later.');
}

async function currentRates(): Promise<ReferenceRates> {
  try {
    return await referenceRates().current();
  } catch (error) {
    if (!(error instanceof RatesUnavailable)) throw error;
    logError('exports: reference rates unavailable', error);
    throw Unavailable('EXPORTS_MAINTENANCE', 'Exchange rates cannot be read right now; try again shortly.');
  }
}

const projectCurrency = (project: ExportingProject) => project.localization?.currency ?? null;

/** The newest whole catalog of the website, or of each website of the project (in its order), that has one. */
async function productSources(projectId: string, websiteId: string | null): Promise<ProductSource[]> {
  const websiteIds = websiteId
    ? [websiteId]
    : (await websiteStore.ofProject(projectId)).map((site) => site.website_id);
  const pointers = await Promise.all(websiteIds.map((id) => catalogStore.latest(id)));
  return websiteIds.flatMap((id, index) => {
    const pointer = pointers[index];
    return pointer ? [{ websiteId: id, pointer }] : [];
  });
}

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
  const catalogs = await Promise.all(sources.map((source) => catalogStore.read(source.pointer)));
  function* rows() {
    for (const [index, source] of sources.entries()) {
      for (const product of catalogs[index] ?? []) yield productRow(source.websiteId, product, conversion);
    }
  }
  return writeExportFile(project, conversion, {
    dataset: 'products',
    websiteId,
    jobId: null,
    columns: PRODUCT_COLUMNS,
    rows,
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
 * website, from the run's matches and the newest whole catalogs of the websites (the ones matched),
 * reviewed by the decisions `matching` reads.
 */
export async function exportMatches(
  projectId: string,
  run: MatchRun,
  matching: MatchingReads,
): Promise<void> {
  const project = await projectStore.get(projectId);
  if (project) await writeMatchFiles(project, run, matching);
}

/** A kept pair the engine does not propose: as it was accepted, or added by hand without a score. */
const decidedMatch = (decision: MatchDecision): Omit<ReviewedMatch, 'status'> => ({
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
  matching: MatchingReads,
  versionRead?: number,
): Promise<Record<'matches' | 'price_comparison', ExportRecord>> {
  const websiteIds = [run.reference_website_id, ...run.competitor_website_ids];
  const pointers = await Promise.all(websiteIds.map((id) => catalogStore.latest(id)));
  const sources = websiteIds.flatMap((websiteId, index) => {
    const pointer = pointers[index];
    return pointer ? [{ websiteId, pointer }] : [];
  });
  const catalogs = await Promise.all(sources.map((source) => catalogStore.read(source.pointer)));
  const products = new Map<string, ProductRecord>();
  for (const [index, source] of sources.entries()) {
    for (const product of catalogs[index] ?? []) {
      // Matching reads a URL's first record (the variant its page shows); the files show the same one.
      const key = `${source.websiteId} ${product.url}`;
      if (!products.has(key)) products.set(key, product);
    }
  }
  const lookup = (websiteId: string, url: string) => products.get(`${websiteId} ${url}`);
  // The version is read before the decisions (here, or by a caller that just checked it), so a
  // decision made meanwhile makes the file stale.
  const decisionsVersion = versionRead ?? (await matching.decisionsVersion(project.project_id));
  const reviewed: ReviewedMatch[] = reviewMatches<Omit<ReviewedMatch, 'status'>>(
    run.reference_website_id,
    run.competitor_website_ids,
    run.matches,
    await matching.decisions(project.project_id),
    decidedMatch,
    project.auto_accept_confidence,
  ).filter(
    // A kept pair whose product has left its catalog has nothing left to compare.
    (match) =>
      match.status === 'auto' ||
      match.status === 'review' ||
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
    jobId: null,
    sources,
    matchingRun: {
      job_id: run.job_id,
      competitor_website_ids: [...run.competitor_website_ids],
      decisions_version: decisionsVersion,
      auto_accept_confidence: project.auto_accept_confidence,
    },
  };
  const matches = await writeExportFile(project, conversion, {
    ...scope,
    dataset: 'matches',
    columns: MATCH_COLUMNS,
    rows: () => reviewed.map((match) => matchRow(match, lookup, conversion)),
  });
  const reference = sources[0]?.websiteId === run.reference_website_id ? (catalogs[0] ?? []) : [];
  const priceComparison = await writeExportFile(project, conversion, {
    ...scope,
    dataset: 'price_comparison',
    columns: priceComparisonColumns(run.competitor_website_ids),
    rows: () =>
      reference.map((product) =>
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
 * The scrape lane's EXPORTING step: the website's products file from its newest whole catalog, and a
 * URL scrape job's own products file (every URL it was sent, with its result). The project's file is
 * not written here: its record is set to what composing the websites' files will give, and the file
 * is composed when asked for, so a scrape's work grows with its own website, not with the project.
 * A website without a whole catalog (only URL scrapes so far) has no website file. A project gone
 * meanwhile (null) has no files to write.
 */
export async function exportProducts(
  project: Project | null,
  websiteId: string,
  urlScrapeJobId: string | null,
): Promise<void> {
  if (!project) return;
  if (urlScrapeJobId) {
    const conversion = await conversionFor(project);
    await writeUrlScrapeFile(project, conversion, { job_id: urlScrapeJobId, website_id: websiteId });
  }
  const sources = await productSources(project.project_id, null);
  const own = sources.find((source) => source.websiteId === websiteId);
  if (!own) return;
  const written = await writeProducts(project, websiteId, [own]);
  const parts = await Promise.all(
    sources.map(async (source) => {
      if (source === own) return written;
      const held = await exportStore.get(project.project_id, 'products', source.websiteId);
      // A website's file left behind (another currency, an older catalog) is brought up to date.
      return held && isCurrent(held, project, [source])
        ? held
        : writeProducts(project, source.websiteId, [source]);
    }),
  );
  await exportStore.put(
    pendingProjectRecord(
      project.project_id,
      parts,
      projectFileKeys(project.project_id),
      new Date().toISOString(),
    ),
  );
}

const projectFileKeys = (projectId: string) => ({
  csv: exportObjectKey(projectId, 'products', { websiteId: null, jobId: null }, 'csv'),
  jsonl: exportObjectKey(projectId, 'products', { websiteId: null, jobId: null }, 'jsonl'),
});

/** The website's products file as it is when current with its JSON Lines twin in the bucket; else built again. */
async function currentPart(project: ExportingProject, source: ProductSource): Promise<ExportRecord> {
  const held = await exportStore.get(project.project_id, 'products', source.websiteId);
  if (held?.jsonl && isCurrent(held, project, [source]) && (await formatExists(held, 'jsonl'))) return held;
  return writeProducts(project, source.websiteId, [source]);
}

/**
 * The project's products file composed from its websites' files, each brought up to date first: rows
 * are read back from their JSON Lines twins, as they were converted, never from the catalogs.
 */
async function composeProjectProducts(
  project: ExportingProject,
  sources: readonly ProductSource[],
): Promise<ExportRecord> {
  const parts = await Promise.all(sources.map((source) => currentPart(project, source)));
  async function* rows() {
    for (const part of parts) {
      for await (const line of exportFileLines(objectKeyOf(part, 'jsonl') as string))
        yield productRowOfLine(line);
    }
  }
  return writeExportFile(project, await conversionFor(project), {
    dataset: 'products',
    websiteId: null,
    jobId: null,
    columns: PRODUCT_COLUMNS,
    rows,
    sources,
  });
}

/** Whether the record's file of the format is still in the bucket (the lifecycle expires files). */
async function formatExists(record: ExportRecord, format: ExportFormat): Promise<boolean> {
  const key = objectKeyOf(record, format);
  return key !== undefined && (await exportFileExists(key));
}

/**
 * The products file of a URL scrape job of the project, rebuilt first when it is in another
 * currency or gone; null when the job has none (not a URL scrape, not settled, another website).
 */
async function currentJobFile(
  project: ExportingProject,
  dataset: ExportDataset,
  choice: ExportFileChoice & { jobId: string },
  jobs: JobReads,
): Promise<ExportRecord | null> {
  const job = await jobs.get(choice.jobId);
  if (job?.project_id !== project.project_id) throw NotFound('JOB_NOT_FOUND', 'No such job.');
  if (dataset !== 'products' || job.job_type !== 'URL_SCRAPE' || !job.website_id || !job.settlement)
    return null;
  if (choice.websiteId !== null && choice.websiteId !== job.website_id) return null;
  const record = await exportStore.get(project.project_id, dataset, job.website_id, job.job_id);
  if (record && record.currency === projectCurrency(project) && (await formatExists(record, choice.format)))
    return record;
  return writeUrlScrapeFile(project, await conversionFor(project), {
    job_id: job.job_id,
    website_id: job.website_id,
  });
}

/** The file of the dataset and scope (a website or all of them), rebuilt first when it no longer matches its inputs; null when there is none. */
async function currentFile(
  project: ExportingProject,
  dataset: ExportDataset,
  choice: ExportFileChoice,
  matching: MatchingReads,
): Promise<ExportRecord | null> {
  const { websiteId, format } = choice;
  const record = await exportStore.get(project.project_id, dataset, websiteId);
  if (isHistoryDataset(dataset)) {
    return currentHistoryFile(project, dataset, { websiteId, format }, { record, exists: formatExists }, () =>
      conversionFor(project),
    );
  }
  if (dataset !== 'products') {
    // Match files are of one reference website, never of all websites.
    if (!record || websiteId === null) return null;
    const exists = await formatExists(record, format);
    const decisionsVersion = await matching.decisionsVersion(project.project_id);
    // A file banded with another threshold than the project's now is stale like one reviewed before a decision.
    const reviewed =
      (record.matching_run?.decisions_version ?? 0) === decisionsVersion &&
      record.matching_run?.auto_accept_confidence === project.auto_accept_confidence;
    if (exists && reviewed && record.currency === projectCurrency(project)) return record;
    // A record written before match files named their matching job has nothing to rebuild from.
    if (!record.matching_run) return exists ? record : null;
    // Rebuilt from the job's stored matches, as its EXPORTING step wrote them; a newer catalog alone
    // does not rebuild them, since the matches were made from the catalogs of that run.
    const { job_id, competitor_website_ids } = record.matching_run;
    const files = await writeMatchFiles(
      project,
      {
        job_id,
        reference_website_id: websiteId,
        competitor_website_ids,
        matches: await getRunMatches(job_id),
      },
      matching,
      decisionsVersion,
    );
    return files[dataset];
  }
  const sources = await productSources(project.project_id, websiteId);
  if (sources.length === 0) return null;
  if (
    record &&
    !record.pending &&
    isCurrent(record, project, sources) &&
    (await formatExists(record, format))
  )
    return record;
  return websiteId === null
    ? composeProjectProducts(project, sources)
    : writeProducts(project, websiteId, sources);
}

/**
 * `GET /exports`: the project's files, each in every format written for it (a history file only in
 * the formats asked for since its runs last changed); files of websites removed since are left out.
 */
export async function listExports(project: ExportingProject): Promise<ExportListItem[]> {
  assertOpen();
  const [records, websites] = await Promise.all([
    exportStore.ofProject(project.project_id),
    websiteStore.ofProject(project.project_id),
  ]);
  const present = new Set(websites.map((site) => site.website_id));
  return records
    .filter((record) => record.website_id === null || present.has(record.website_id))
    .flatMap((record) => {
      const item = {
        dataset: record.dataset,
        website_id: record.website_id,
        job_id: record.job_id ?? null,
        rows: record.rows,
        updated_at: record.updated_at,
        currency: record.currency,
      };
      return EXPORT_FORMATS.flatMap((format) => {
        const file = fileOf(record, format);
        return file ? [{ ...item, format, bytes: file.bytes }] : [];
      });
    });
}

/**
 * A presigned GET URL of the dataset's file, of one website, of all the project's websites
 * (website null) or of one URL scrape job (read through `jobs`), in the format asked for, valid 15 minutes.
 */
export async function exportFileLink(
  project: ExportingProject,
  dataset: string,
  choice: ExportFileChoice,
  matching: MatchingReads,
  jobs: JobReads,
): Promise<ExportLink> {
  assertOpen();
  if (!isExportDataset(dataset)) throw NotFound('DATASET_NOT_FOUND', `No export dataset ${dataset}.`);
  if (!(await exportStore.enabled(project.project_id)))
    throw Forbidden('EXPORTS_NOT_ENABLED', 'Exports are not enabled for this project; contact support.');
  const { websiteId, jobId, format } = choice;
  if (websiteId !== null) await projectWebsite(project.project_id, websiteId);
  const file =
    jobId !== null
      ? await currentJobFile(project, dataset, { ...choice, jobId }, jobs)
      : await currentFile(project, dataset, choice, matching);
  if (!file)
    throw NotFound(
      'EXPORT_FILE_NOT_FOUND',
      jobId
        ? `Job ${jobId} has no ${dataset} file: only a settled URL scrape job has one, of products.`
        : `The project has no ${dataset} file yet.`,
    );
  const key = objectKeyOf(file, format);
  if (!key) throw new Error(`The ${dataset} export record of ${project.project_id} names no ${format} file`);
  const expiresAt = new Date(Date.now() + EXPORT_URL_SECONDS * 1000);
  return {
    dataset,
    project_id: project.project_id,
    website_id: file.website_id,
    job_id: jobId,
    format,
    url: await presignExportFile(key, EXPORT_URL_SECONDS),
    expires_at: expiresAt.toISOString(),
  };
}

/**
 * The price comparison of a reference website as items, one per reference product: the rows of its
 * `price_comparison` JSON Lines file, rebuilt first like a download would be, so the console shows
 * what the file holds. Empty before the website's first matching.
 */
export async function priceComparison(
  project: ExportingProject,
  websiteId: string,
  matching: MatchingReads,
): Promise<PriceComparisonItem[]> {
  assertOpen();
  if (!(await exportStore.enabled(project.project_id)))
    throw Forbidden('EXPORTS_NOT_ENABLED', 'Exports are not enabled for this project; contact support.');
  await projectWebsite(project.project_id, websiteId);
  const file = await currentFile(
    project,
    'price_comparison',
    { websiteId, jobId: null, format: 'jsonl' },
    matching,
  );
  const key = file && objectKeyOf(file, 'jsonl');
  if (!file?.matching_run || !key) return [];
  const competitors = file.matching_run.competitor_website_ids;
  return (await readExportFile(key))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => priceComparisonItem(JSON.parse(line) as Record<string, unknown>, competitors));
}
