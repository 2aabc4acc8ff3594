import type { ProductRecord } from '#core/product-record';
import { catalogObjectKey, type UrlOutcomeLine } from '#websites/catalog';
import { catalogStore } from '#websites/catalog-services';
import { type PriceConversion, URL_SCRAPE_COLUMNS, urlScrapeRow } from './export-datasets.ts';
import type { ExportRecord } from './export-record.ts';
import { type ExportingProject, writeExportFile } from './write-export-file.ts';

/** The settled URL scrape job a products file is written for. */
export interface UrlScrapeJob {
  job_id: string;
  website_id: string;
}

/**
 * Writes the products file of a URL scrape job from what its settling stored: the catalog version
 * it delivered and what became of each URL. Null when the job stored no URL outcomes (settled
 * before they were kept), so there is no file to give.
 */
export async function writeUrlScrapeFile(
  project: ExportingProject,
  conversion: PriceConversion,
  job: UrlScrapeJob,
): Promise<ExportRecord | null> {
  const stored = await catalogStore.readUrlOutcomes(project.project_id, job.website_id, job.job_id);
  if (stored === null) return null;
  const outcomes: readonly UrlOutcomeLine[] = stored;
  const pointer = {
    version: job.job_id,
    object_key: catalogObjectKey(project.project_id, job.website_id, job.job_id),
  };
  // A page offering variants delivered a record per variant, all under its URL.
  const products = new Map<string, ProductRecord[]>();
  for (const product of await catalogStore.read(pointer)) {
    const list = products.get(product.url);
    if (list) list.push(product);
    else products.set(product.url, [product]);
  }
  function* rows() {
    for (const outcome of outcomes) {
      const delivered = outcome.product_url === null ? [] : (products.get(outcome.product_url) ?? []);
      if (delivered.length === 0) yield urlScrapeRow(job.website_id, outcome, undefined, conversion);
      for (const product of delivered) yield urlScrapeRow(job.website_id, outcome, product, conversion);
    }
  }
  return writeExportFile(project, conversion, {
    dataset: 'products',
    websiteId: job.website_id,
    jobId: job.job_id,
    columns: URL_SCRAPE_COLUMNS,
    rows,
    sources: [{ websiteId: job.website_id, pointer }],
  });
}
