import type { ProductRecord } from '#core/product-record';
import type { JointWrite } from '#store/joint-write';
import type { CatalogKind, CatalogPointer, UrlOutcomeLine } from './catalog.ts';

/**
 * Where a website's catalogs are kept: the versions a scrape delivered and the pointers naming the
 * newest of each kind, in the words of the scrape, matching, history and export use cases.
 */
export interface CatalogStore {
  /**
   * The writes that make `pointer` the website's newest catalog of each of `kinds`, for the move that
   * completes its scrape job (so a job never completes without its pointers).
   */
  newestPointers(pointer: CatalogPointer, kinds: readonly CatalogKind[]): JointWrite;
  /** Writes one catalog version and gives its object key; the same version again (a retried task) replaces it whole. */
  write(
    projectId: string,
    websiteId: string,
    version: string,
    products: readonly ProductRecord[],
  ): Promise<string>;
  /** The product records of a catalog version; empty when its object is gone. */
  read(pointer: Pick<CatalogPointer, 'object_key'>): Promise<ProductRecord[]>;
  /** The website's newest catalog of a kind (by default the newest whole one), or null when none. */
  latest(websiteId: string, kind?: CatalogKind): Promise<CatalogPointer | null>;
  /** Writes what became of each URL of a version, beside it. */
  writeUrlOutcomes(
    projectId: string,
    websiteId: string,
    version: string,
    lines: readonly UrlOutcomeLine[],
  ): Promise<void>;
  /** The URL outcomes of a catalog version; null when none were written (a version older than them). */
  readUrlOutcomes(projectId: string, websiteId: string, version: string): Promise<UrlOutcomeLine[] | null>;
}
