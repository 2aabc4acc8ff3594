import type { FetchedPage, PageFetcher } from '../net/page-fetcher.ts';
import { type Page, readPage } from './read-page.ts';

export interface FetchedHtml {
  fetched: FetchedPage;
  /** The parsed page when the answer was HTML. */
  page: Page | null;
}

/** Fetches a URL through the network layer and parses it when it is an HTML page. */
export async function fetchHtmlPage(
  fetcher: PageFetcher,
  url: string,
  signal?: AbortSignal,
): Promise<FetchedHtml> {
  const fetched = await fetcher.fetch(url, signal ? { signal } : undefined);
  const html = fetched.outcome === 'OK' && /html|^$/i.test(fetched.contentType?.split(';')[0]?.trim() ?? '');
  return { fetched, page: html ? readPage(fetched.body, fetched.url) : null };
}
