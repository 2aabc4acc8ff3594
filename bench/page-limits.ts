import { PAGE_LIMITS } from '#crawl/index';
import {
  classifyPage,
  detectLanguage,
  extractProduct,
  learnSelectors,
  mainHeading,
  pageAnatomy,
  readPage,
  siteLinks,
} from '#crawl/page-reading';
import {
  deepPage,
  flatPage,
  WORST_PAGE_CONTEXT,
  WORST_PAGE_ORIGIN,
  WORST_PAGE_PROFILE,
  WORST_PAGE_URL,
} from '#fixtures/worst-pages';

/**
 * Each reader of a page timed at the worst pages the crawler's limits admit (the deepest, and
 * 180,000 flat elements), each with its share of the per-page time limit (PAGE_LIMITS.maxMilliseconds)
 * as its ratio. One run of each; a loaded machine shows larger figures.
 */
const CONTEXT = WORST_PAGE_CONTEXT;

function timed(read: () => unknown): string {
  const started = performance.now();
  try {
    read();
    const ms = performance.now() - started;
    return `${Math.round(ms)} ms (${Math.round((100 * ms) / PAGE_LIMITS.maxMilliseconds)} %)`;
  } catch (error) {
    return `failed after ${Math.round(performance.now() - started)} ms: ${(error as Error).name}`;
  }
}

export async function runPageLimitsBench(): Promise<void> {
  const rows: Record<string, Record<string, string>> = {};
  for (const [shape, html] of [
    ['deep', deepPage()],
    ['flat', flatPage()],
  ] as const) {
    const row: Record<string, string> = {};
    row.read = timed(() => readPage(html, WORST_PAGE_URL));
    const page = readPage(html, WORST_PAGE_URL);
    row.anatomy = timed(() => pageAnatomy(page, CONTEXT));
    row.language = timed(() => detectLanguage([page]));
    row.classification = timed(() => classifyPage(page, CONTEXT));
    row.links = timed(() => siteLinks(page, WORST_PAGE_ORIGIN));
    row.heading = timed(() => mainHeading(page));
    row.extraction = timed(() => extractProduct(page, WORST_PAGE_PROFILE));
    const anatomy = pageAnatomy(page, CONTEXT);
    row.learning = timed(() => learnSelectors([{ page, anatomy, known: null }], CONTEXT));
    rows[shape] = row;
  }
  console.log(`Per-page time limit: ${PAGE_LIMITS.maxMilliseconds} ms`);
  console.table(rows);
}
