/**
 * How old a website's last FULL catalog may be for each scrape variant (the design): a FULL scrape
 * within a day of the last one would deliver what the project already holds; CATALOG_URLS re-scrapes
 * the URLs of a FULL catalog only while it is within the catalog retention.
 */
export const CATALOG_FRESH_MS = 24 * 60 * 60 * 1000;
export const CATALOG_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export type CatalogFreshness = 'FRESH' | 'RETAINED' | 'EXPIRED';

export function catalogFreshness(createdAt: string, now: number = Date.now()): CatalogFreshness {
  const age = now - Date.parse(createdAt);
  if (age < CATALOG_FRESH_MS) return 'FRESH';
  return age <= CATALOG_RETENTION_MS ? 'RETAINED' : 'EXPIRED';
}
