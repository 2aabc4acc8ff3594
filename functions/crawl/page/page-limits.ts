/**
 * What one page may cost to read. Real product pages nest a few dozen elements deep and hold tens of
 * thousands of elements; a page past these limits is a trap (or broken), and reading it would pin the
 * worker that every other URL of the batch waits for.
 */
export const PAGE_LIMITS = {
  /** Open elements at once (a page of 4,000 nested blocks still reads). */
  maxDepth: 4_096,
  /** Elements of the whole document. */
  maxElements: 200_000,
  /**
   * The depths of all elements added up: the parser and the selector engine pay each element's depth
   * (a real page of 50,000 elements 20 deep is 1,000,000; 190,000 elements under 4,000 levels would
   * take minutes).
   */
  maxDepthTotal: 20_000_000,
  /** Wall time of each step that reads the whole page (parsing it, its anatomy). */
  maxMilliseconds: 5_000,
} as const;

/** A page that goes past one of PAGE_LIMITS: its URL fails, the batch goes on. */
export class PageLimitExceeded extends Error {
  override readonly name = 'PageLimitExceeded';
}

/** The moment (performance.now() milliseconds) by which a step over a page started now must end. */
export function pageDeadline(): number {
  return performance.now() + PAGE_LIMITS.maxMilliseconds;
}

/** Throws once the page's reading has run past its deadline; called from the loops over its elements. */
export function checkDeadline(deadline: number): void {
  if (performance.now() > deadline)
    throw new PageLimitExceeded(`reading the page took over ${PAGE_LIMITS.maxMilliseconds} ms`);
}
