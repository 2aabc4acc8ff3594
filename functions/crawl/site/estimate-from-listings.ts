import { type Pagination, pageNumberIn } from './read-pagination.ts';

/** A listing page a crawl visited: its URL, its pagination and the product card links it shows. */
export interface VisitedListing {
  url: string;
  pagination: Pagination;
  cardLinks: readonly string[];
}

/**
 * How many products a shop without a sitemap holds, from the pages a crawl of its listings visited:
 * every product card link found, plus what each paginated series holds beyond its visited pages (the
 * total it states, else its unvisited pages at the cards of a full page, the last one at half;
 * a page that states a total but links to no other page counts the same), plus the other unvisited links at the cards of an average visited page.
 */
export function estimateFromListings(
  visited: readonly VisitedListing[],
  productLinks: ReadonlySet<string>,
  unvisited: readonly string[],
): number {
  const keys = new Set(visited.flatMap((listing) => listing.pagination.series ?? []));
  const series = [...keys].map((key) => {
    // A page belongs to a series by its URL too: the last page of a "next"-only series links to none.
    const pages = visited.flatMap((listing) => {
      const url = URL.parse(listing.url);
      const number =
        listing.pagination.series === key ? listing.pagination.page : url && pageNumberIn(url, key);
      return number ? [{ ...listing, number }] : [];
    });
    const seen = new Set(pages.flatMap((listing) => listing.cardLinks));
    return { seen, remainder: Math.max(0, seriesSize(pages, seen.size) - seen.size) };
  });
  // Series that show products another series showed (a sort order, a parent category) are likely
  // to repeat it beyond their visited pages too: each counts its remainder at the share of its
  // products that larger series had not shown.
  series.sort((a, b) => b.seen.size - a.seen.size);
  const counted = new Set<string>();
  let beyond = 0;
  for (const { seen, remainder } of series) {
    const fresh = [...seen].filter((link) => !counted.has(link)).length;
    beyond += seen.size > 0 ? (remainder * fresh) / seen.size : remainder;
    for (const link of seen) counted.add(link);
  }
  // A listing stating its total with no pagination to follow (a "load more" button) counts alone.
  for (const listing of visited) {
    const url = URL.parse(listing.url);
    const inSeries = url !== null && [...keys].some((key) => pageNumberIn(url, key) !== null);
    const { series, total } = listing.pagination;
    if (series === null && !inSeries && total !== null)
      beyond += Math.max(0, total - listing.cardLinks.length);
  }
  const outside = unvisited.filter((link) => {
    const url = URL.parse(link);
    return url !== null && [...keys].every((key) => pageNumberIn(url, key) === null);
  });
  const perPage = visited.length > 0 ? productLinks.size / visited.length : 0;
  return Math.round(productLinks.size + beyond + outside.length * perPage);
}

type SeriesPage = VisitedListing & { number: number };

function seriesSize(pages: readonly SeriesPage[], seen: number): number {
  const totals = pages.flatMap((listing) =>
    listing.pagination.total === null ? [] : [listing.pagination.total],
  );
  if (totals.length > 0) return totals.reduce((a, b) => Math.max(a, b));
  const last = pages.reduce(
    (highest, listing) => Math.max(highest, listing.number, listing.pagination.lastPage),
    1,
  );
  const visitedNumbers = new Set(pages.map((listing) => listing.number));
  const full = pages.filter((listing) => listing.number < last);
  const perPage = (full.length > 0 ? full : pages).reduce(
    (most, listing) => Math.max(most, listing.cardLinks.length),
    0,
  );
  let missing = 0;
  for (let n = 1; n < last; n++) if (!visitedNumbers.has(n)) missing += perPage;
  if (!visitedNumbers.has(last)) missing += perPage / 2;
  return seen + missing;
}
