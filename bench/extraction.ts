import WebAutoExtractor from '@marbec/web-auto-extractor';
import parseLocalPrice from 'parse-price';
import { parsePrice } from '#crawl/index';
import type { ProductRecord } from '../functions/core/product-record.ts';
import { hideMarkupVocabulary } from '../test/helpers/hide-markup-vocabulary.ts';
import {
  fieldsOfRecord,
  loadMoreRealPages,
  loadRealPages,
  type RealPage,
  readRealPagesUntrained,
  scrapeRealPages,
  shopOf,
} from '../test/helpers/real-pages.ts';
import {
  accuracy,
  type ExtractedFields,
  type ExtractionScore,
  type ScoredField,
  scoreExtraction,
} from '../test/helpers/score-extraction.ts';
import { loadPriceStrings, scorePriceStrings } from '../test/helpers/score-price-strings.ts';
import { stripStructuredData } from '../test/helpers/strip-structured-data.ts';

/** The fields the bench prints, the issue's first (price, SKU, availability, name, currency). */
const BENCH_FIELDS: readonly ScoredField[] = [
  'price',
  'sku',
  'availability',
  'name',
  'currency',
  'brand',
  'gtin',
  'mpn',
];
/** Reading passes timed for CPU per page; the least is kept, as the one least disturbed. */
const TIMED_PASSES = 3;

interface Column {
  label: string;
  engine: ExtractionScore;
  peer: ExtractionScore;
}

/**
 * Per-field accuracy of this engine beside web-auto-extractor (same pages, same run) in four
 * columns: in-sample (a setup's training per host over the very pages scored, then a URL scrape of
 * each), leave-one-shop-out (each shop's pages read with nothing fitted on that shop: the reader's
 * only learned parts are the per-shop profile, so the shop gets an untrained profile), the 56
 * more-real-pages of 42 further shops (read the same way), and the development pages with their
 * structured data stripped (leave-one-shop-out). Then extraction CPU per page for both, and the 585
 * real price strings for this engine's price parser and for parse-price.
 */
export async function runExtractionBench(): Promise<void> {
  const pages = loadRealPages();
  const more = loadMoreRealPages();
  const stripped = pages.map((page) => ({ ...page, html: stripStructuredData(page.html) }));
  const hidden = [...pages, ...more].map((page) => ({ ...page, html: hideMarkupVocabulary(page.html) }));
  const hiddenStripped = hidden.map((page) => ({ ...page, html: stripStructuredData(page.html) }));

  const trained = await scrapeRealPages(pages);
  const peerOnPages = score(pages, structuredDataRecords(pages));
  const columns: Column[] = [
    { label: 'in-sample', engine: score(pages, mapRecords(trained)), peer: peerOnPages },
    { label: 'leave-one-shop-out', engine: score(pages, readUnfitted(pages)), peer: peerOnPages },
    {
      label: 'more-real-pages',
      engine: score(more, readUnfitted(more)),
      peer: score(more, structuredDataRecords(more)),
    },
    {
      label: 'stripped (LOSO)',
      engine: score(stripped, readUnfitted(stripped)),
      peer: score(stripped, structuredDataRecords(stripped)),
    },
    {
      label: 'words hidden (LOSO)',
      engine: score(hidden, readUnfitted(hidden)),
      peer: score(hidden, structuredDataRecords(hidden)),
    },
    {
      label: 'hidden+stripped',
      engine: score(hiddenStripped, readUnfitted(hiddenStripped)),
      peer: score(hiddenStripped, structuredDataRecords(hiddenStripped)),
    },
  ];

  const shops = (set: readonly RealPage[]): number => new Set(set.map(shopOf)).size;
  console.log(
    `Real pages: ${pages.length} development pages of ${shops(pages)} shops; ${more.length} more-real-pages of ${shops(more)} shops`,
  );
  const width = 20;
  console.log(`${''.padEnd(14)}${columns.map((column) => column.label.padStart(width)).join('')}`);
  console.log(`${'field'.padEnd(14)}${columns.map(() => 'engine / peer'.padStart(width)).join('')}`);
  const cell = (ours: string, theirs: string): string => `${ours} / ${theirs}`.padStart(width);
  for (const field of BENCH_FIELDS)
    console.log(
      `${field.padEnd(14)}${columns.map((column) => cell(accuracy(column.engine.fields[field]).toFixed(3), accuracy(column.peer.fields[field]).toFixed(3))).join('')}`,
    );
  console.log(
    `${'total'.padEnd(14)}${columns.map((column) => cell(column.engine.total.toFixed(3), column.peer.total.toFixed(3))).join('')}`,
  );
  console.log(
    `${'records'.padEnd(14)}${columns.map((column) => cell(`${column.engine.pagesWithRecord}/${column.engine.pages}`, `${column.peer.pagesWithRecord}/${column.peer.pages}`)).join('')}`,
  );

  const all = [...pages, ...more];
  const engineCpu = cpuPerPage(() => readUnfitted(all), all.length);
  const peerCpu = cpuPerPage(() => structuredDataRecords(all), all.length);
  console.log(
    `extraction CPU per page (${all.length} pages, least of ${TIMED_PASSES} passes, parsing included, training not): ` +
      `engine ${engineCpu.toFixed(2)} ms, web-auto-extractor ${peerCpu.toFixed(2)} ms, ratio ${(engineCpu / peerCpu).toFixed(2)}`,
  );
  if (process.env.BENCH_VERBOSE)
    for (const column of columns.slice(1)) {
      console.log(`\nMisses, ${column.label}:`);
      printMisses(column.engine);
    }

  const cases = loadPriceStrings();
  const ours = scorePriceStrings(cases, (input, hint) => {
    const parsed = parsePrice(input, { currency: hint ? (parsePrice(hint)?.currency ?? null) : null });
    return { amount: parsed?.amount ?? null, currency: parsed?.currency ?? null };
  });
  const theirs = scorePriceStrings(cases, (input) => {
    const value = parseLocalPrice(input);
    return { amount: Number.isFinite(value) && !Number.isNaN(value) ? String(value) : null, currency: null };
  });
  console.log(`\nPrice strings: ${cases.length}`);
  console.log(
    `amount exact: engine ${(ours.amountRight / ours.cases).toFixed(3)} (${ours.amountRight}/${ours.cases}), ` +
      `parse-price ${(theirs.amountRight / theirs.cases).toFixed(3)} (${theirs.amountRight}/${theirs.cases}), ` +
      `ratio ${(ours.amountRight / theirs.amountRight).toFixed(2)}`,
  );
  console.log(
    `currency (one of the symbol's ISO codes): engine ${(ours.currencyRight / ours.currencyScored).toFixed(3)} ` +
      `(${ours.currencyRight}/${ours.currencyScored}); parse-price reads no currency`,
  );
  if (process.env.BENCH_VERBOSE)
    for (const miss of ours.misses) console.log(`  price string ${JSON.stringify(miss)}`);
}

function score(
  pages: readonly RealPage[],
  records: ReadonlyMap<string, ExtractedFields | null>,
): ExtractionScore {
  return scoreExtraction(
    pages.map((page) => page.expected),
    records,
  );
}

function mapRecords(records: ReadonlyMap<string, ProductRecord | null>): Map<string, ExtractedFields | null> {
  return new Map([...records].map(([id, record]) => [id, fieldsOfRecord(record)]));
}

/** Pages read by the reader with nothing fitted on their shop: no per-shop profile. */
function readUnfitted(pages: readonly RealPage[]): Map<string, ExtractedFields | null> {
  return mapRecords(readRealPagesUntrained(pages));
}

/** Process CPU time (user and system) of one reading pass, per page in milliseconds. */
function cpuPerPage(read: () => unknown, pages: number): number {
  let least = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < TIMED_PASSES; pass++) {
    const before = process.cpuUsage();
    read();
    const used = process.cpuUsage(before);
    least = Math.min(least, (used.user + used.system) / 1000 / pages);
  }
  return least;
}

/**
 * The peer: web-auto-extractor reads JSON-LD, microdata, RDFa and meta tags (what extruct does for
 * the published figures). Its output is mapped the plain way: the first Product of JSON-LD, else of
 * microdata, else of RDFa; its first offer (or AggregateOffer's low price); Open Graph product tags
 * and og:title where no Product names a value.
 */
function structuredDataRecords(pages: readonly RealPage[]): Map<string, ExtractedFields | null> {
  const extractor = new WebAutoExtractor({ addLocation: false, embedSource: false });
  const records = new Map<string, ExtractedFields | null>();
  for (const page of pages) {
    const parsed = parseOrNull(extractor, page.html);
    if (!parsed) {
      records.set(page.expected.id, null);
      continue;
    }
    const product = [parsed.jsonld, parsed.microdata, parsed.rdfa]
      .map((group) => group.Product?.[0] ?? group.ProductGroup?.[0])
      .find((node) => node !== undefined);
    const meta = (key: string): string | null => text(parsed.metatags[key]?.[0]);
    const offer = first(product?.offers);
    const brand = first(product?.brand);
    const fields: ExtractedFields = {
      name: text(product?.name) ?? meta('og:title'),
      brand: (isObject(brand) ? text(brand.name) : text(brand)) ?? meta('product:brand'),
      sku: text(product?.sku) ?? meta('product:retailer_item_id'),
      mpn: text(product?.mpn),
      gtin: text(product?.gtin13) ?? text(product?.gtin) ?? text(product?.gtin14) ?? text(product?.gtin12),
      price:
        (isObject(offer) ? (text(offer.price) ?? text(offer.lowPrice)) : null) ??
        meta('product:price:amount'),
      currency: (isObject(offer) ? text(offer.priceCurrency) : null) ?? meta('product:price:currency'),
      availability: (isObject(offer) ? text(offer.availability) : null) ?? meta('product:availability'),
    };
    records.set(page.expected.id, Object.values(fields).some((value) => value !== null) ? fields : null);
  }
  return records;
}

type Json = Record<string, unknown>;

/** The peer throws on some real pages; such a page gets no record from it, as a crash would in use. */
function parseOrNull(
  extractor: WebAutoExtractor,
  html: string,
): ReturnType<WebAutoExtractor['parse']> | null {
  try {
    return extractor.parse(html);
  } catch {
    return null;
  }
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  const single = first(value);
  if (typeof single !== 'string' && typeof single !== 'number') return null;
  return String(single).trim() || null;
}

function printMisses(score: ExtractionScore): void {
  for (const miss of score.misses)
    console.log(
      `  ${miss.field}: expected ${JSON.stringify(miss.expected)}, got ${JSON.stringify(miss.actual)} (${miss.url})`,
    );
}
