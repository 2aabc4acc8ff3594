import type { UrlResult } from '#crawl/index';

/**
 * Catalogs: the products one scrape job delivered, as one JSON Lines object per version in the data
 * bucket (`catalogs/<project>/<website>/<version>.jsonl`, one product record a line, the version
 * being the job id), never one table item per product. Two pointer items per website name the
 * catalogs that later work reads:
 *
 * - `COMPLETE`: the newest whole catalog (a FULL scrape, or a CATALOG_URLS re-scrape of one); what
 *   matching and exports read, through `catalogStore.latest` and `read`.
 * - `FULL`: the newest catalog of a FULL scrape; its age decides whether a FULL scrape is still
 *   fresh and whether CATALOG_URLS may re-scrape its URLs.
 *
 * A URL scrape (URLS_ONLY) writes its own version and moves neither pointer: it is a part, not a
 * catalog of the website.
 */
export type CatalogKind = 'FULL' | 'COMPLETE';

export interface CatalogPointer {
  website_id: string;
  project_id: string;
  /** The version: the id of the job that delivered it. */
  version: string;
  /** The JSON Lines object in the data bucket. */
  object_key: string;
  variant: 'FULL' | 'CATALOG_URLS' | 'URLS_ONLY';
  /** Product pages in the object; a page offering variants is a line per variant. */
  products: number;
  /** When the catalog was delivered. */
  created_at: string;
}

export const catalogObjectKey = (projectId: string, websiteId: string, version: string) =>
  `catalogs/${projectId}/${websiteId}/${version}.jsonl`;

/**
 * What became of each URL a scrape job fetched, in the order planned, beside its catalog version
 * (`<version>.urls.jsonl`): the URL job's export lists every URL sent with its result. An OK URL
 * names the catalog record holding its product (`product_url`: another URL's when two URLs reached
 * one product).
 */
export interface UrlOutcomeLine {
  url: string;
  result: UrlResult;
  product_url: string | null;
}

export const urlOutcomesObjectKey = (projectId: string, websiteId: string, version: string) =>
  `catalogs/${projectId}/${websiteId}/${version}.urls.jsonl`;
