import type { ProductRecord } from './product-record.ts';

/**
 * Which product a record is, across scrapes: what a catalog is deduplicated by, what matching
 * keeps its incremental state under, and what a price history would follow. Shops' canonical links
 * point to other hosts, other paths, their home page or pages that answer 404, so identity starts
 * from the URL that was fetched and lets the canonical decide only what it reliably says: the same
 * page of the same site without some query parameters (a variant or tracking query). Both URLs are
 * normalised first: the fragment and tracking parameters dropped, the remaining query sorted.
 */
export function productIdentity(
  record: Pick<ProductRecord, 'url' | 'canonical_url'> &
    Partial<Pick<ProductRecord, 'variant_group' | 'sku' | 'gtin' | 'variant_attributes'>>,
): string {
  const page = pageIdentity(record);
  return record.variant_group ? `${page}#variant=${encodeURIComponent(variantKey(record))}` : page;
}

/**
 * What tells one variant of a page from its siblings, the same in every scrape: its SKU, else its
 * GTIN, else its attributes (sorted by name). The variant reader keeps only variants whose keys differ.
 */
export function variantKey(
  variant: Partial<Pick<ProductRecord, 'sku' | 'gtin' | 'variant_attributes'>>,
): string {
  if (variant.sku) return `sku:${variant.sku}`;
  if (variant.gtin) return `gtin:${variant.gtin}`;
  const attributes = Object.entries(variant.variant_attributes ?? {}).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return `attributes:${attributes.map(([name, value]) => `${name}=${value}`).join(';')}`;
}

/** Which page a record was read from: its variants share it (and their `variant_group`). */
export function pageIdentity(record: Pick<ProductRecord, 'url' | 'canonical_url'>): string {
  const fetched = URL.parse(record.url);
  if (!fetched) return record.url;
  const canonical = record.canonical_url ? URL.parse(record.canonical_url) : null;
  const samePage =
    canonical !== null &&
    canonical.protocol === fetched.protocol &&
    siteOf(canonical) === siteOf(fetched) &&
    canonical.pathname === fetched.pathname;
  return normalisedUrl(samePage ? canonical : fetched);
}

// Parameters that say where a visitor came from, never which product the page shows.
const TRACKING = /^(?:utm_.+|gclid|fbclid|msclkid|mc_cid|mc_eid|_ga)$/i;

function normalisedUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  const kept = [...copy.searchParams].filter(([name]) => !TRACKING.test(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  copy.search = new URLSearchParams(kept).toString();
  return copy.href;
}

/** The host without `www.` and the port: what makes two URLs one website (as for setup URLs). */
const siteOf = (url: URL) => `${url.hostname.replace(/^www\./, '')}:${url.port}`;
