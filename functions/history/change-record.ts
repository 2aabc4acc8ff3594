import type { ChangeKind, PriceChange } from './price-changes.ts';

/** The product of the project's reference website that matching linked a changed product to. */
export interface MatchedReference {
  website_id: string;
  product_id: string;
  url: string;
  name: string | null;
  /** The reference product's price and currency in its newest catalog when the change was found. */
  price: string | null;
  currency: string | null;
  /**
   * How much dearer (+) or cheaper (-) the changed product was than the reference before and after
   * the change, in percent of the reference price (`priceGapPercent`); null where it cannot be told.
   */
  previous_gap_percent: number | null;
  gap_percent: number | null;
}

/** A change as it is kept and listed: one table item each, in the project's partition. */
export interface StoredChange extends PriceChange {
  change_id: string;
  project_id: string;
  website_id: string;
  job_id: string;
  /** When the scrape that found it settled. */
  detected_at: string;
  product_name: string | null;
  matched_reference: MatchedReference | null;
}

export interface ChangeFilter {
  /** Changes detected at or after this time. */
  since: string | null;
  websiteId: string | null;
  kind: ChangeKind | null;
  /** Price moves below this percent either way are left out. */
  minPercent: number | null;
}

/** The newest scrape run appended to a website's price history. */
export interface HistoryPointer {
  website_id: string;
  project_id: string;
  /** The job of the run: the version its history export files name. */
  version: string;
  recorded_at: string;
}
