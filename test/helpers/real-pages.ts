import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import {
  decodeBody,
  type ExtractionProfile,
  type FetchedPage,
  type PageFetcher,
  scrapeUrl,
  trainProfile,
} from '#crawl/index';
import { extractProduct, readPage } from '#crawl/page-reading';
import type { ProductRecord } from '../../functions/core/product-record.ts';
import type { ExpectedPage, ExtractedFields } from './score-extraction.ts';

const ROOT = new URL('../../data/extraction/real-pages/', import.meta.url);
const MORE = new URL('../../data/extraction/more-real-pages/', import.meta.url);

export interface RealPage {
  expected: ExpectedPage;
  /** The page as saved, decoded by the charset it declares (as the fetcher decodes it). */
  html: string;
  bytes: Uint8Array;
}

/** The 73 development pages with their expectations. */
export function loadRealPages(): RealPage[] {
  return loadPages(ROOT);
}

/** The 56 further real pages of 42 shops (data/extraction/more-real-pages). */
export function loadMoreRealPages(): RealPage[] {
  return loadPages(MORE);
}

function loadPages(root: URL): RealPage[] {
  const expected = JSON.parse(readFileSync(new URL('expected.json', root), 'utf8')) as (ExpectedPage & {
    stored_as: string;
  })[];
  return expected.map((page) => {
    const bytes = new Uint8Array(gunzipSync(readFileSync(new URL(page.stored_as, root))));
    return { expected: page, bytes, html: decodeBody(bytes, 'text/html') };
  });
}

/** The shop a page belongs to: its shop family where the data names one, else its host. */
export function shopOf(page: RealPage): string {
  return page.expected.shop_family ?? new URL(page.expected.url).host;
}

/**
 * Serves one host's saved pages from memory as that host would: a homepage linking them, every
 * page at its original URL, nothing else. Robots allow everything.
 */
export function memoryShop(pages: readonly RealPage[]): PageFetcher {
  const byUrl = new Map<string, Uint8Array>(pages.map((page) => [page.expected.url, page.bytes]));
  const origin = new URL((pages[0] as RealPage).expected.url).origin;
  const links = pages.map(
    (page) => `<li><a href="${page.expected.url.replaceAll('"', '&quot;')}">product</a></li>`,
  );
  byUrl.set(
    `${origin}/`,
    new TextEncoder().encode(`<!doctype html><html><body><ul>${links.join('')}</ul></body></html>`),
  );
  const answer = (url: string, bytes: Uint8Array | undefined): FetchedPage => ({
    outcome: bytes ? 'OK' : 'NOT_FOUND',
    requestedUrl: url,
    url,
    status: bytes ? 200 : 404,
    contentType: bytes ? 'text/html' : null,
    body: bytes ? decodeBody(bytes, 'text/html') : '',
    bytes: bytes ?? new Uint8Array(),
    headers: {},
  });
  return {
    fetch: async (url) => answer(url, byUrl.get(url)),
    isAllowed: async () => true,
    robotsSitemaps: async () => [],
    crawlDelaySeconds: async () => null,
    close: async () => {},
  };
}

/**
 * Reads every page the way the service does: per host, a setup's training over that host's pages
 * (no country or currency given, as a user who leaves them out), then a URL scrape of each page
 * with the learned profile.
 */
export async function scrapeRealPages(
  pages: readonly RealPage[],
): Promise<Map<string, ProductRecord | null>> {
  const byHost = new Map<string, RealPage[]>();
  for (const page of pages) {
    const host = new URL(page.expected.url).host;
    byHost.set(host, [...(byHost.get(host) ?? []), page]);
  }
  const records = new Map<string, ProductRecord | null>();
  for (const [host, hostPages] of byHost) {
    const shop = memoryShop(hostPages);
    const { profile } = await trainProfile(`https://${host}/`, shop, {
      pagesLimit: hostPages.length + 1,
      seeds: { productUrls: hostPages.map((page) => page.expected.url), otherUrls: [] },
      concurrency: 1,
    });
    for (const page of hostPages) {
      const outcome = await scrapeUrl(page.expected.url, profile, shop);
      // A page offering variants lists the variant it shows first.
      records.set(page.expected.id, outcome.products[0] ?? null);
    }
  }
  return records;
}

/** The engine's record in the scorer's vocabulary. */
export function fieldsOfRecord(record: ProductRecord | null): ExtractedFields | null {
  if (!record) return null;
  return {
    name: record.name,
    brand: record.brand,
    sku: record.sku,
    mpn: record.mpn,
    gtin: record.gtin,
    price: record.price,
    currency: record.currency,
    availability: record.availability === 'UNKNOWN' ? null : record.availability,
  };
}

/** The profile of a host nobody set up: structured data first, no learned rules, no assumed country. */
export function untrainedProfile(url: string): ExtractionProfile {
  return {
    version: 1,
    method: 'JSONLD',
    difficulty: 'EASY',
    origin: new URL(url).origin,
    language: null,
    country: null,
    currency: null,
    product_url_pattern: '^/',
    listing_url_pattern: null,
    sku_from_url: null,
    selectors: {},
    trained_on: { pages: 0, product_pages: 0 },
  };
}

/** Reads every page with the page reader alone and an untrained profile: the fast measure for tests. */
export function readRealPagesUntrained(pages: readonly RealPage[]): Map<string, ProductRecord | null> {
  return new Map(
    pages.map((page) => [
      page.expected.id,
      extractProduct(readPage(page.html, page.expected.url), untrainedProfile(page.expected.url)),
    ]),
  );
}
