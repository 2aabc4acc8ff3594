import { describe, expect, it } from 'vitest';
import { FIELD_SOURCE_NAMES, SOURCED_FIELDS } from '#core/product-record';
import { hideMarkupVocabulary } from '#test/hide-markup-vocabulary';
import {
  fieldsOfRecord,
  loadMoreRealPages,
  loadRealPages,
  type RealPage,
  readRealPagesUntrained,
  untrainedProfile,
} from '#test/real-pages';
import { accuracy, type ScoredField, scoreExtraction } from '#test/score-extraction';
import { loadPriceStrings, scorePriceStrings } from '#test/score-price-strings';
import { stripStructuredData } from '#test/strip-structured-data';
import { extractProduct } from './extract-product.ts';
import { parsePrice } from './parse-price.ts';
import { readPage } from './read-page.ts';

/**
 * Floors just under what the page reader measures with nothing fitted on the shop it reads
 * (leave-one-shop-out: the reader's only learned part is the per-shop profile, so each page is read
 * with an untrained one), as `npm run bench -- extraction` prints it, so a regression fails here.
 * Measured 2026-11-27 (issue 29): on the 73 development pages name 0.958, price 0.973, currency
 * 1.000, brand 0.925, GTIN 1.000, SKU 0.943, MPN 0.733, availability 0.973; on the 56 more-real-pages
 * name 0.839, price 0.868, currency 0.922, availability 0.833 (53 of 56 with a record; name was
 * 0.857 before several microdata items none of which is tied to the page stopped naming a product,
 * the rule that keeps listing pages from being charged as products: one product page, whose own item
 * is not tied to it, now takes its name from the visible page and gets it wrong); on the
 * development pages stripped of structured data name 0.847, price 0.781, currency 0.841, SKU 0.671,
 * availability 0.836 (68 of 73 with a record).
 * Measured 2026-11-28 (issue 29, a card is one of a row or a linked picture or title; names that are
 * addresses, cut short or a dialog's h1 refused): development pages unchanged; more-real-pages name
 * 0.946, price 0.868, currency 0.961, availability 0.833 (55 of 56); stripped name 0.903, price
 * 0.877, currency 0.899, SKU 0.671, availability 0.904 (72 of 73).
 * Measured 2026-11-28 (issue 29, rules by page kind: shop codes by more labels and by the URL's
 * code the page repeats, a price judged by its own words, rows of cards each showing a price,
 * sold-out notices and buttons, the country a Spanish page names): development price 0.986, SKU
 * 0.971, the rest unchanged; more-real-pages name 0.964, price 0.925, currency 1.000, availability
 * 1.000 (56 of 56); stripped name 0.958, price 0.932, currency 0.957, SKU 0.943, availability 0.959
 * (73 of 73).
 * Measured 2026-11-28 (issue 29, pages with the shop's markup words hidden and structured data
 * stripped; rules: buy links known by target and label, old prices by their words, heading labels
 * the title lacks): the 73 development pages name 0.931, price 0.877, currency 0.928, SKU 0.843,
 * availability 0.904 (71 of 73); with the more-real-pages (the bench's column) name 0.883, price
 * 0.706, currency 0.858, SKU 0.831, availability 0.835 (121 of 129; before these rules name 0.773,
 * price 0.675, currency 0.825, SKU 0.831, availability 0.800, 118 of 129); the other columns
 * unchanged. The floor test reads the development pages only: stripping parses each page again.
 * Measured 2026-11-28 (issue 29, point 5; rules: a price in a lower heading of the main heading's
 * block, a price followed by a free-delivery note, a buy link holding a label per state): the 73
 * development pages hidden and stripped name 0.958, price 0.890, currency 0.957, SKU 0.871,
 * availability 0.932 (73 of 73); the bench's column name 0.914, price 0.730, currency 0.892, SKU
 * 0.859, availability 0.859 (125 of 129); words hidden with structured data 129 of 129; the other
 * columns unchanged.
 * Measured 2026-11-28 (issue 29, SKU, availability and name on unseen shops; three labels corrected
 * in the repository copy: two SKUs that were a search-impression id, one availability the page
 * contradicts): development name 0.972, SKU 1.000, availability 0.986, the rest unchanged; more-real-pages
 * name 0.982, SKU 1.000 (1 scored), the rest unchanged; stripped name 1.000,
 * SKU 1.000, availability 0.986; the 73 development pages hidden and stripped name 1.000, SKU
 * 0.929, availability 0.959 (price 0.890, currency 0.957 unchanged); see docs/decisions.md.
 * Measured 2026-11-28 (issue 29, the more-real-pages' price misses by kind: an empty link target
 * leads nowhere, an add-on the buyer ticks is no price, a microdata offer's struck price, JSON-LD
 * offers at different prices leave the price to the one shown): more-real-pages price 1.000 (53 of
 * 53); words hidden price 0.968; the bench's hidden+stripped price 0.746; the other columns unchanged.
 * Measured 2026-11-28 (issue 29, old prices without strike markup: the higher of two amounts shown
 * one after the other, the higher of two prices whose difference is the saving shown): stripped
 * price 0.945; words hidden price 0.984; the development pages hidden and stripped price 0.932;
 * the bench's hidden+stripped price 0.786; the other columns unchanged.
 */
const FLOORS: Record<ScoredField, number> = {
  name: 0.96,
  price: 0.98,
  currency: 0.98,
  brand: 0.91,
  gtin: 0.95,
  sku: 0.99,
  mpn: 0.72,
  availability: 0.98,
};
const MORE_FLOORS: Partial<Record<ScoredField, number>> = {
  name: 0.97,
  price: 0.98,
  currency: 0.98,
  availability: 0.95,
};
const STRIPPED_FLOORS: Partial<Record<ScoredField, number>> = {
  name: 0.99,
  price: 0.94,
  currency: 0.94,
  sku: 0.99,
  availability: 0.98,
};

/** Floors of the harshest reading: class, id and data-* names hidden and structured data stripped. */
const HIDDEN_FLOORS: Partial<Record<ScoredField, number>> = {
  name: 0.99,
  price: 0.93,
  currency: 0.95,
  sku: 0.92,
  availability: 0.95,
};

/** The development pages stripped of structured data, once: stripping parses each page again. */
let stripped: RealPage[] | undefined;
const strippedPages = (): RealPage[] => {
  stripped ??= loadRealPages().map((page) => ({ ...page, html: stripStructuredData(page.html) }));
  return stripped;
};

const scoreOf = (pages: readonly RealPage[]) => {
  const records = readRealPagesUntrained(pages);
  return {
    records,
    score: scoreExtraction(
      pages.map((page) => page.expected),
      new Map([...records].map(([id, record]) => [id, fieldsOfRecord(record)])),
    ),
  };
};

describe('reading the pages of shops the reader was not fitted on', () => {
  it.each([
    ['more-real-pages', () => loadMoreRealPages(), MORE_FLOORS, 56],
    ['development pages stripped of structured data', () => strippedPages(), STRIPPED_FLOORS, 73],
    [
      'development pages with their markup words hidden and structured data stripped',
      () => strippedPages().map((page) => ({ ...page, html: hideMarkupVocabulary(page.html) })),
      HIDDEN_FLOORS,
      73,
    ],
  ] as const)(
    'reads the %s at least at their floors',
    { timeout: 120_000 },
    (_label, load, floors, records) => {
      const { score } = scoreOf(load());
      const below = Object.entries(floors)
        .map(([field, floor]) => ({ field, floor, accuracy: accuracy(score.fields[field as ScoredField]) }))
        .filter((measured) => measured.accuracy < measured.floor);
      expect(below).toEqual([]);
      expect(score.pagesWithRecord).toBeGreaterThanOrEqual(records);
    },
  );
});

describe('reading real shop pages', () => {
  const { records, score } = scoreOf(loadRealPages());

  it.each(Object.entries(FLOORS))('reads %s at least at its floor', (field, floor) => {
    expect(accuracy(score.fields[field as ScoredField])).toBeGreaterThanOrEqual(floor);
  });

  it('gives a record for every product page', () => {
    expect(score.pagesWithRecord).toBe(score.pages);
  });

  it('names in field_sources where every field of a record came from, null for a field without a value', () => {
    for (const record of records.values()) {
      if (!record) continue;
      expect(Object.keys(record.field_sources ?? {}).sort()).toEqual([...SOURCED_FIELDS].sort());
      for (const field of SOURCED_FIELDS) {
        const held = field === 'availability' ? record.availability !== 'UNKNOWN' : record[field] !== null;
        if (held) expect(FIELD_SOURCE_NAMES).toContain(record.field_sources?.[field]);
        else expect(record.field_sources?.[field]).toBeNull();
      }
    }
  });

  it('says where each value of a record came from', () => {
    for (const record of records.values()) {
      if (!record) continue;
      for (const field of ['name', 'price', 'currency', 'sku'] as const)
        if (record[field] !== null)
          expect(record.source?.[field]).toMatch(
            /^(jsonld|microdata|rdfa|opengraph|shopify|nextdata|script|attributes|selector|url|heuristic)$/,
          );
    }
  });
});

describe('reading real price strings', () => {
  it('reads at least 97 % of the amounts exactly', () => {
    const score = scorePriceStrings(loadPriceStrings(), (input, hint) => {
      const parsed = parsePrice(input, { currency: hint ? (parsePrice(hint)?.currency ?? null) : null });
      return { amount: parsed?.amount ?? null, currency: parsed?.currency ?? null };
    });
    expect(score.amountRight / score.cases).toBeGreaterThanOrEqual(0.97);
  });
});

describe('hostile pages', () => {
  const read = (html: string, url = 'https://shop.test/p/1') =>
    extractProduct(readPage(html, url), untrainedProfile(url));

  it('survives JSON-LD nested 10,000 deep and still reads the product beside it', () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const html = `<script type="application/ld+json">${deep}</script><script type="application/ld+json">{"@type":"Product","name":"Lamp","offers":{"price":"12.50","priceCurrency":"EUR"}}</script>`;
    expect(read(html)).toMatchObject({ name: 'Lamp', price: '12.50', currency: 'EUR' });
  });

  it('reads text under 4,000 nested elements without overflowing the stack', () => {
    const html = `<html lang="de-DE"><body>${'<div>'.repeat(4000)}<h1>Lampe</h1><span class="price">12,99 €</span><button>In den Warenkorb</button>${'</div>'.repeat(4000)}</body></html>`;
    expect(read(html)).toMatchObject({ name: 'Lampe', price: '12.99', currency: 'EUR' });
  });

  it('invents no product on a page without one', () => {
    const html =
      '<html lang="en"><head><title>About us</title></head><body><h1>About us</h1><p>A family shop since 1990; parcels from £3.99.</p><a href="/">Shop</a></body></html>';
    expect(read(html, 'https://shop.test/about')).toBeNull();
  });
});
