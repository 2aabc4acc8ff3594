import WebAutoExtractor from '@marbec/web-auto-extractor';
import parseLocalPrice from 'parse-price';
import { parsePrice } from '../functions/crawl/page/parse-price.ts';
import { fieldsOfRecord, loadRealPages, type RealPage, scrapeRealPages } from '../test/helpers/real-pages.ts';
import {
  accuracy,
  type ExtractedFields,
  type ExtractionScore,
  SCORED_FIELDS,
  scoreExtraction,
} from '../test/helpers/score-extraction.ts';
import { loadPriceStrings, scorePriceStrings } from '../test/helpers/score-price-strings.ts';

/**
 * Per-field accuracy on the 73 real development pages (rules of data/extraction/README.md) for this
 * engine (a setup's training per host, then a URL scrape of each page) and for web-auto-extractor
 * on the same pages in the same run; then the 585 real price strings for this
 * engine's price parser and for parse-price.
 */
export async function runExtractionBench(): Promise<void> {
  const pages = loadRealPages();
  const expected = pages.map((page) => page.expected);

  let started = performance.now();
  const records = await scrapeRealPages(pages);
  const engineSeconds = (performance.now() - started) / 1000;
  const engine = scoreExtraction(
    expected,
    new Map([...records].map(([id, record]) => [id, fieldsOfRecord(record)])),
  );

  started = performance.now();
  const peer = scoreExtraction(expected, structuredDataRecords(pages));
  const peerSeconds = (performance.now() - started) / 1000;

  console.log(
    `Real pages: ${pages.length} pages of ${new Set(expected.map((page) => new URL(page.url).host)).size} hosts`,
  );
  console.log(
    `${'field'.padEnd(14)}${'engine'.padStart(16)}${'web-auto-extractor'.padStart(20)}${'ratio'.padStart(8)}`,
  );
  const row = (label: string, ours: number, theirs: number, detail = ''): void =>
    console.log(
      `${label.padEnd(14)}${`${ours.toFixed(3)}${detail}`.padStart(16)}${theirs.toFixed(3).padStart(20)}${(theirs === 0 ? '∞' : (ours / theirs).toFixed(2)).padStart(8)}`,
    );
  for (const field of SCORED_FIELDS) {
    const score = engine.fields[field];
    row(field, accuracy(score), accuracy(peer.fields[field]), ` ${score.right}/${score.scored}`);
  }
  row('total', engine.total, peer.total);
  console.log(
    `records: engine ${engine.pagesWithRecord}/${engine.pages}, web-auto-extractor ${peer.pagesWithRecord}/${peer.pages} (pages it could parse and found anything on); ` +
      `time: engine ${engineSeconds.toFixed(1)} s (training included), web-auto-extractor ${peerSeconds.toFixed(1)} s`,
  );
  if (process.env.BENCH_VERBOSE) printMisses(engine);

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
