import type { CompetitorStatus } from './export-datasets.ts';

/** One competitor of a reference product in the price comparison. */
export interface PriceComparisonCompetitor {
  website_id: string;
  /** The matched product; null with `NO_MATCH` or `REVIEW`. */
  url: string | null;
  price: string | null;
  unit_price: string | null;
  unit: string | null;
  score: number | null;
  competitor_status: CompetitorStatus;
  /** The match's review status (`auto`, `accepted`, `manual`); null without a trusted match. */
  match_status: string | null;
  /** The competitor's price less the reference's, in the row's currency; null unless both are priced. */
  gap: string | null;
  /** True where the match is sold in another pack: compare unit prices, not prices. */
  pack_differs: boolean | null;
  /** True where the match is another variant of the product (another size or colour). */
  variant_differs: boolean | null;
}

/** One reference product of the price comparison, with each competitor's side. */
export interface PriceComparisonItem {
  reference_website_id: string;
  reference_url: string;
  reference_name: string | null;
  reference_gtin: string | null;
  reference_price: string | null;
  currency: string | null;
  reference_unit_price: string | null;
  reference_unit: string | null;
  competitors: PriceComparisonCompetitor[];
}

type Line = Record<string, unknown>;

const text = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);
const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const STATUSES: readonly CompetitorStatus[] = ['MATCHED', 'REVIEW', 'NO_MATCH'];

/**
 * The competitor's price less the reference's, at the longer of the two scales, computed on
 * integers so `17.5 - 19.90` is `-2.40`, not a float's `-2.4000000000000004`.
 */
export function priceGap(reference: string | null, competitor: string | null): string | null {
  if (reference === null || competitor === null) return null;
  const decimals = Math.max(...[reference, competitor].map((price) => price.split('.')[1]?.length ?? 0));
  const units = (price: string) => {
    const [whole = '0', fraction = ''] = price.split('.');
    const sign = whole.startsWith('-') ? -1n : 1n;
    return BigInt(whole) * 10n ** BigInt(decimals) + sign * BigInt(fraction.padEnd(decimals, '0') || '0');
  };
  const gap = units(competitor) - units(reference);
  const magnitude = (gap < 0n ? -gap : gap).toString().padStart(decimals + 1, '0');
  const shown = decimals === 0 ? magnitude : `${magnitude.slice(0, -decimals)}.${magnitude.slice(-decimals)}`;
  return gap < 0n ? `-${shown}` : shown;
}

/**
 * A record of the `price_comparison` JSON Lines file (columns named by competitor website id, see
 * `priceComparisonColumns`) as one item with a list of competitors, in the order of `competitorWebsiteIds`.
 */
export function priceComparisonItem(
  line: Line,
  competitorWebsiteIds: readonly string[],
): PriceComparisonItem {
  const referencePrice = text(line.reference_price);
  return {
    reference_website_id: String(line.reference_website_id),
    reference_url: String(line.reference_url),
    reference_name: text(line.reference_name),
    reference_gtin: text(line.reference_gtin),
    reference_price: referencePrice,
    currency: text(line.currency),
    reference_unit_price: text(line.reference_unit_price),
    reference_unit: text(line.reference_unit),
    competitors: competitorWebsiteIds.map((id): PriceComparisonCompetitor => {
      const price = text(line[`${id}_price`]);
      const status = line[`${id}_competitor_status`];
      const packDiffers = line[`${id}_pack_differs`];
      const variantDiffers = line[`${id}_variant_differs`];
      return {
        website_id: id,
        url: text(line[`${id}_url`]),
        price,
        unit_price: text(line[`${id}_unit_price`]),
        unit: text(line[`${id}_unit`]),
        score: number(line[`${id}_score`]),
        competitor_status: STATUSES.includes(status as CompetitorStatus)
          ? (status as CompetitorStatus)
          : 'NO_MATCH',
        match_status: text(line[`${id}_match_status`]),
        gap: priceGap(referencePrice, price),
        pack_differs: typeof packDiffers === 'boolean' ? packDiffers : null,
        variant_differs: typeof variantDiffers === 'boolean' ? variantDiffers : null,
      };
    }),
  };
}
