import type { FetchedPage, PageFetcher } from '../net/page-fetcher.ts';
import { readOnePage } from './page-failure.ts';
import { type Page, readPage } from './read-page.ts';

export interface FetchedHtml {
  fetched: FetchedPage;
  /** The parsed page when the answer was HTML that could be read. */
  page: Page | null;
  /** Why an HTML answer could not be read (past PAGE_LIMITS, or a reader threw). */
  failure: string | null;
}

/** Fetches a URL through the network layer and parses it when it is an HTML page; a page that cannot be read is null. */
export async function fetchHtmlPage(
  fetcher: PageFetcher,
  url: string,
  signal?: AbortSignal,
): Promise<FetchedHtml> {
  const fetched = await fetcher.fetch(url, signal ? { signal } : undefined);
  const html = fetched.outcome === 'OK' && /html|^$/i.test(fetched.contentType?.split(';')[0]?.trim() ?? '');
  if (!html) return { fetched, page: null, failure: null };
  const read = readOnePage(() => readPage(fetched.body, fetched.url));
  return { fetched, page: read.value, failure: read.failure };
}
