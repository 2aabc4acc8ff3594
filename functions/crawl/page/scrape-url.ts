import type { ProductRecord } from '#core/product-record';
import type { ExtractionProfile } from '../learn/extraction-profile.ts';
import type { FetchOptions, PageFetcher } from '../net/page-fetcher.ts';
import { readOnePage } from './page-failure.ts';
import { productRecords } from './product-records.ts';
import { readPage } from './read-page.ts';

/**
 * What became of one URL. ADDRESS_NOT_ALLOWED: the SSRF guard refused the address it resolved to
 * (private, loopback, link-local, metadata), which neither robots.txt nor the shop decided.
 * BLOCKED: the shop answered a bot wall (403 or a challenge page), again when asked once more later.
 */
export type UrlResult =
  | 'OK'
  | 'NOT_FOUND'
  | 'NOT_A_PRODUCT'
  | 'BLOCKED_BY_ROBOTS'
  | 'ADDRESS_NOT_ALLOWED'
  | 'BLOCKED'
  | 'FAILED';

export interface ScrapeOutcome {
  url: string;
  result: UrlResult;
  /** The page's product, one record per variant it offers; empty unless OK. */
  products: ProductRecord[];
  /** Why a FAILED URL failed (outcome and status of the fetch, or why its page could not be read). */
  error: string | null;
}

/** Fetches one URL and reads its product with the profile; the result names what happened. */
export async function scrapeUrl(
  url: string,
  profile: ExtractionProfile,
  fetcher: PageFetcher,
  options: FetchOptions = {},
): Promise<ScrapeOutcome> {
  const fetched = await fetcher.fetch(url, options);
  const outcome = (
    result: UrlResult,
    products: ProductRecord[] = [],
    error: string | null = null,
  ): ScrapeOutcome => ({
    url,
    result,
    products,
    error,
  });
  switch (fetched.outcome) {
    case 'OK':
      break;
    case 'NOT_FOUND':
      return outcome('NOT_FOUND');
    case 'BLOCKED_BY_ROBOTS':
      return outcome('BLOCKED_BY_ROBOTS');
    case 'BLOCKED_BY_POLICY':
      return outcome('ADDRESS_NOT_ALLOWED');
    case 'BOT_WALL':
      return outcome('BLOCKED', [], fetched.error ?? null);
    default:
      return outcome(
        'FAILED',
        [],
        `${fetched.outcome}${fetched.status ? ` ${fetched.status}` : ''}${fetched.error ? `: ${fetched.error}` : ''}`,
      );
  }
  if (!/html|^$/i.test(fetched.contentType?.split(';')[0]?.trim() ?? '')) return outcome('NOT_A_PRODUCT');
  const read = readOnePage(() => productRecords(readPage(fetched.body, fetched.url), profile));
  if (read.failure !== null) return outcome('FAILED', [], read.failure);
  // The records name the URL asked for, so they tie back to the request even after a redirect.
  return read.value && read.value.length > 0
    ? outcome(
        'OK',
        read.value.map((product) => ({ ...product, url })),
      )
    : outcome('NOT_A_PRODUCT');
}
