import type { MatchedReference, StoredChange } from './change-record.ts';
import { percentFrom } from './price-changes.ts';

/**
 * The gap between a competitor's price and its matched reference product's: how much dearer (+) or
 * cheaper (-) the competitor is, in percent of the reference price; null when either price is
 * missing, the currencies differ or the reference price is 0.
 */
export function priceGapPercent(
  competitor: { price: string | null; currency: string | null },
  reference: { price: string | null; currency: string | null },
): number | null {
  if (competitor.price === null || reference.price === null) return null;
  if (competitor.currency !== reference.currency) return null;
  return percentFrom(reference.price, competitor.price);
}

/** Which side of the threshold a gap is on: the competitor dearer by it (1), cheaper by it (-1), or within (0). */
function side(gap: number, thresholdPercent: number): -1 | 0 | 1 {
  if (gap >= thresholdPercent) return 1;
  if (gap <= -thresholdPercent) return -1;
  return 0;
}

/**
 * Whether a gap moving from `previous` to `current` crosses the project's threshold: it leaves the
 * band of ±threshold around the reference price, comes back into it, or jumps from one side past it
 * to the other. Without a threshold (null or 0) every move of the gap counts, as every price move
 * does in the changes list. An unknown gap on either side crosses nothing.
 */
export function gapCrossesThreshold(
  previous: number | null,
  current: number | null,
  thresholdPercent: number | null,
): boolean {
  if (previous === null || current === null || previous === current) return false;
  if (thresholdPercent === null || thresholdPercent === 0) return true;
  return side(previous, thresholdPercent) !== side(current, thresholdPercent);
}

/** What a `match.price_gap_changed` event carries: both products, both prices, the old and new gap. */
export interface PriceGapEventData {
  change_id: string;
  job_id: string;
  detected_at: string;
  threshold_percent: number | null;
  reference: Pick<MatchedReference, 'website_id' | 'product_id' | 'url' | 'name' | 'price' | 'currency'>;
  competitor: {
    website_id: string;
    product_id: string;
    url: string;
    name: string | null;
    previous_price: string | null;
    price: string | null;
    currency: string | null;
  };
  previous_gap_percent: number;
  gap_percent: number;
}

/**
 * The scrape's price moves of competitor products matched to a reference product whose gap to the
 * reference price crosses the project's threshold, one event's data each (the change carries the
 * gaps `recordScrapeHistory` worked out).
 */
export function priceGapChanges(
  changes: readonly StoredChange[],
  thresholdPercent: number | null,
): PriceGapEventData[] {
  const crossed: PriceGapEventData[] = [];
  for (const change of changes) {
    const reference = change.matched_reference;
    if (!reference || (change.kind !== 'PRICE_UP' && change.kind !== 'PRICE_DOWN')) continue;
    const { previous_gap_percent: previous, gap_percent: current } = reference;
    if (previous === null || current === null) continue;
    if (!gapCrossesThreshold(previous, current, thresholdPercent)) continue;
    crossed.push({
      change_id: change.change_id,
      job_id: change.job_id,
      detected_at: change.detected_at,
      threshold_percent: thresholdPercent,
      reference: {
        website_id: reference.website_id,
        product_id: reference.product_id,
        url: reference.url,
        name: reference.name,
        price: reference.price,
        currency: reference.currency,
      },
      competitor: {
        website_id: change.website_id,
        product_id: change.product_id,
        url: change.product_url,
        name: change.product_name,
        previous_price: change.previous_price,
        price: change.current_price,
        currency: change.currency,
      },
      previous_gap_percent: previous,
      gap_percent: current,
    });
  }
  return crossed;
}
