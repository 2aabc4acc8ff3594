import type { ProductRecord } from '#core/product-record';
import { SOURCED_FIELDS } from '#core/product-record';
import {
  type AnalysisProgress,
  analyseSite,
  enumerateProductUrls,
  type PageFetcher,
  runPool,
  type ScrapeOutcome,
  type SiteAnalysis,
  scrapeUrl,
  type TrainingResult,
  type TrainProgress,
  trainProfile,
} from '#crawl/index';
import type { TruthProduct } from '#fixtures/ground-truth';
import type { RunningShop } from '#fixtures/start-shop';

export const FIELDS = ['url', ...SOURCED_FIELDS] as const;
export type Field = (typeof FIELDS)[number];

export interface ShopRun {
  analysis: SiteAnalysis;
  analysisUpdates: AnalysisProgress[];
  training: TrainingResult;
  trainUpdates: TrainProgress[];
  enumerated: string[];
  outcomes: ScrapeOutcome[];
  /** Share of the truth's products whose page the enumeration found. */
  recall: number;
  /** Per field: share of truth products whose scraped value equals the truth. */
  accuracy: Record<Field, number>;
  mismatches: { field: Field; expected: unknown; actual: unknown; url: string }[];
}

/** Analyses, trains, enumerates and scrapes one test shop the way the setup and scrape jobs will. */
export async function runEngineOnShop(
  shop: RunningShop,
  fetcher: PageFetcher,
  options: { pagesLimit?: number; concurrency?: number } = {},
): Promise<ShopRun> {
  const country = shop.groundTruth.shop.country;
  const currency = shop.groundTruth.shop.currency;
  const analysisUpdates: AnalysisProgress[] = [];
  const analysis = await analyseSite(
    shop.url,
    fetcher,
    { country, currency, maxProducts: 50_000 },
    (progress) => analysisUpdates.push(progress),
  );
  const trainUpdates: TrainProgress[] = [];
  const training = await trainProfile(
    analysis.homepage,
    fetcher,
    { pagesLimit: options.pagesLimit ?? 40, country, currency, seeds: analysis },
    (progress) => trainUpdates.push(progress),
  );
  const enumeration = await enumerateProductUrls(analysis.homepage, training.profile, fetcher, {
    concurrency: options.concurrency ?? 4,
  });
  const outcomes = await runPool(enumeration.urls, options.concurrency ?? 8, (url) =>
    scrapeUrl(url, training.profile, fetcher),
  );
  const truth = shop.groundTruth.products;
  const found = new Set(
    enumeration.urls
      .map((url) => shop.site.productIndexOfPath(new URL(url).pathname))
      .filter((index) => index !== undefined),
  );
  const scraped = new Map<string, ProductRecord>();
  for (const outcome of outcomes) {
    // A page offering variants lists the variant it shows first.
    const [shown] = outcome.products;
    if (shown) scraped.set(shown.url, shown);
  }
  const correct = Object.fromEntries(FIELDS.map((field) => [field, 0])) as Record<Field, number>;
  const mismatches: ShopRun['mismatches'] = [];
  for (const expected of truth) {
    const actual = scraped.get(expected.url);
    for (const field of FIELDS) {
      const value = actual ? actual[field as keyof ProductRecord] : undefined;
      if (value === expected[field as keyof TruthProduct]) correct[field]++;
      else if (mismatches.length < 200)
        mismatches.push({ field, expected: expected[field], actual: value, url: expected.url });
    }
  }
  const accuracy = Object.fromEntries(
    FIELDS.map((field) => [field, truth.length ? correct[field] / truth.length : 1]),
  ) as Record<Field, number>;
  return {
    analysis,
    analysisUpdates,
    training,
    trainUpdates,
    enumerated: enumeration.urls,
    outcomes,
    recall: truth.length ? found.size / truth.length : 1,
    accuracy,
    mismatches,
  };
}
