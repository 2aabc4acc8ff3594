import metascraperShopping from '@samirrayani/metascraper-shopping';
import createMetascraper from 'metascraper';
import metascraperTitle from 'metascraper-title';
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
 * engine (a setup's training per host, then a URL scrape of each page) and for metascraper with its
 * shopping rules on the same pages in the same run; then the 585 real price strings for this
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
  const peer = scoreExtraction(expected, await metascraperRecords(pages));
  const peerSeconds = (performance.now() - started) / 1000;

  console.log(
    `Real pages: ${pages.length} pages of ${new Set(expected.map((page) => new URL(page.url).host)).size} hosts`,
  );
  console.log(
    `${'field'.padEnd(14)}${'engine'.padStart(16)}${'metascraper'.padStart(16)}${'ratio'.padStart(8)}`,
  );
  const row = (label: string, ours: number, theirs: number, detail = ''): void =>
    console.log(
      `${label.padEnd(14)}${`${ours.toFixed(3)}${detail}`.padStart(16)}${theirs.toFixed(3).padStart(16)}${(theirs === 0 ? '∞' : (ours / theirs).toFixed(2)).padStart(8)}`,
    );
  for (const field of SCORED_FIELDS) {
    const score = engine.fields[field];
    row(field, accuracy(score), accuracy(peer.fields[field]), ` ${score.right}/${score.scored}`);
  }
  row('total', engine.total, peer.total);
  console.log(
    `records: engine ${engine.pagesWithRecord}/${engine.pages}, metascraper ${peer.pagesWithRecord}/${peer.pages}; ` +
      `time: engine ${engineSeconds.toFixed(1)} s (training included), metascraper ${peerSeconds.toFixed(1)} s`,
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

async function metascraperRecords(pages: readonly RealPage[]): Promise<Map<string, ExtractedFields | null>> {
  const scrape = createMetascraper([metascraperShopping(), metascraperTitle()]);
  const records = new Map<string, ExtractedFields | null>();
  for (const page of pages) {
    const found = (await scrape({ html: page.html, url: page.expected.url })) as Record<string, unknown>;
    const text = (value: unknown): string | null =>
      value === null || value === undefined || value === '' ? null : String(value);
    records.set(page.expected.id, {
      name: text(found.name) ?? text(found.title),
      brand: text(found.brand),
      sku: text(found.sku),
      mpn: text(found.mpn),
      gtin: text(found.gtin),
      price: text(found.price),
      currency: text(found.currency),
      availability: text(found.availability),
    });
  }
  return records;
}

function printMisses(score: ExtractionScore): void {
  for (const miss of score.misses)
    console.log(
      `  ${miss.field}: expected ${JSON.stringify(miss.expected)}, got ${JSON.stringify(miss.actual)} (${miss.url})`,
    );
}
