import type { Element } from 'domhandler';
import { currencyMinorUnits } from '#core/currency-minor-units';
import { normaliseGtin } from '#core/normalise-gtin';
import {
  type FieldSource,
  fieldSourcesOf,
  type ProductRecord,
  type SourcedField,
} from '#core/product-record';
import type { ExtractionMethod, ExtractionProfile } from '../learn/extraction-profile.ts';
import { cleanText } from './clean-text.ts';
import { codeInUrl } from './code-in-url.ts';
import { currencyOfCountry } from './currency-in-text.ts';
import { isStruckPrice } from './is-struck-price.ts';
import { labelledIdentifiers } from './labelled-identifiers.ts';
import { mainHeading } from './main-heading.ts';
import { normaliseAmount } from './normalise-amount.ts';
import { normaliseCurrency } from './normalise-currency.ts';
import { BUY_WORDS, type PageAnatomy, pageAnatomy, stateLabels } from './page-anatomy.ts';
import { countryNamedByPage, pageCountry } from './page-country.ts';
import { priceOfElement } from './price-of-element.ts';
import type { OfferChoice, ProductFields } from './product-fields.ts';
import { productsFromEmbeddedData } from './product-from-embedded-data.ts';
import { productFromJsonLd } from './product-from-json-ld.ts';
import { productFromMicrodata, productFromRdfa } from './product-from-microdata.ts';
import { productFromOpenGraph } from './product-from-open-graph.ts';
import { mainPrice, productFromPageRules } from './product-from-page-rules.ts';
import { productFromSelectors } from './product-from-selectors.ts';
import { readAvailability } from './read-availability.ts';
import type { Page } from './read-page.ts';
import { labelledStockNearHeading, shownAvailability, soldOutNearHeading } from './shown-availability.ts';
import { isHidden, textOf } from './text-of.ts';

type StructuredMethod = Exclude<ExtractionMethod, 'SELECTORS'>;
const ORDER: StructuredMethod[] = ['JSONLD', 'MICRODATA', 'OPENGRAPH'];
const SOURCE: Record<StructuredMethod, FieldSource> = {
  JSONLD: 'jsonld',
  MICRODATA: 'microdata',
  OPENGRAPH: 'opengraph',
};
const MERGED = ['name', 'brand', 'mpn', 'sku', 'image', 'category', 'availability'] as const;
const GAPS = ['name', 'price', 'sku', 'brand'] as const;
/** Characters of the block holding a product's heading and price: a product's own block, not the page. */
const PRODUCT_BLOCK_LETTERS = 3000;
/** Buy-button labels that say the product cannot be bought (the anatomy counts them as buy controls). */
const SOLD_OUT_BUTTON = /sold out|ausverkauft|vyprodáno|épuisé|pre-?order|vorbestellen|précommander/i;

/**
 * Reads the page's product on its own merits: the structured sources (the profile's method first)
 * field by field, the learned markup rules for what they leave out, generic page rules last. The
 * currency is the page's own; the profile's only where the page names none. Each value's origin
 * is kept in `source`. Null when the page is not a product page (no source names a product with a
 * price or a name).
 */
export function extractProduct(
  page: Page,
  profile: ExtractionProfile,
  now: Date = new Date(),
): ProductRecord | null {
  const country = pageCountry(page) ?? profile.country ?? countryNamedByPage(page);
  const context = { country, currency: null };
  const identity = { url: page.url, canonical: page.canonical, heading: page.heading, country };
  const readers: Record<StructuredMethod, () => ProductFields | null> = {
    JSONLD: () => productFromJsonLd(page.jsonLd, identity),
    MICRODATA: () => productFromMicrodata(page.$, identity),
    OPENGRAPH: () => productFromOpenGraph(page.meta, identity),
  };
  const methods =
    profile.method === 'SELECTORS' ? ORDER : [profile.method, ...ORDER.filter((m) => m !== profile.method)];
  // RDFa is no profile method of its own (profiles keep their stored shape): it follows microdata.
  const found = methods
    .flatMap((method) => [
      { source: SOURCE[method], fields: readers[method]() },
      ...(method === 'MICRODATA'
        ? [{ source: 'rdfa' as FieldSource, fields: productFromRdfa(page.$, identity) }]
        : []),
    ])
    .filter((entry): entry is { source: FieldSource; fields: ProductFields } => entry.fields !== null);
  // The first source naming a product leads; a source that names only a title is a fallback.
  const structured = found.filter((entry) => entry.fields.price !== null || entry.fields.name !== null);
  // Data the page embeds for its own scripts, read only where structured data leaves a field out.
  const embedded = GAPS.some((key) => structured.every((entry) => entry.fields[key] === null))
    ? productsFromEmbeddedData(page, identity)
    : [];
  // A bare data-price attribute may be any block's; embedded data vouches for a product with a name and a price.
  const vouched =
    structured.length > 0 ||
    embedded.some(
      (entry) => entry.source !== 'attributes' && entry.fields.name !== null && entry.fields.price !== null,
    );
  const markup = productFromSelectors(page, profile.selectors, context);
  const markupComplete = markup.name !== null && markup.price !== null;
  const candidates: { source: FieldSource; fields: ProductFields }[] = [
    ...structured,
    ...embedded.filter((entry) => entry.source !== 'attributes'),
    { source: 'selector', fields: markup },
  ];
  const anatomy = lazy(() => pageAnatomy(page, context));
  const labelled = lazy(() => labelledIdentifiers(page));
  // A block the markup names for stock, else a line the product's block labels as its stock.
  const shownStock = lazy(() => shownAvailability(page) ?? labelledStockNearHeading(page));
  const soldOutNotice = lazy(() => soldOutNearHeading(page));
  const missing = (key: (typeof GAPS)[number]): boolean =>
    candidates.every((candidate) => candidate.fields[key] === null);
  // Generic page rules fill gaps; the costly page anatomy only where no source gives a name or a price.
  if (GAPS.some(missing)) {
    const priceAndName = missing('name') || missing('price');
    const rules = productFromPageRules(page, anatomy, labelled(), { priceAndName });
    // Without structured data or learned rules, a heading makes a product page with a price and a buy
    // button, or with a shown reference and a stock statement or sold-out notice (a product sold out
    // shows no price), a buy button the buyer can press (a price a script writes in), or a shown
    // reference the page's own URL carries (a marketplace page whose offers are elsewhere).
    const buying =
      rules.name !== null &&
      rules.price !== null &&
      (anatomy().buyButtons.length > 0 || priceBesideHeading(anatomy(), rules.price));
    const reference = labelled().sku;
    const unpriced =
      rules.name !== null &&
      reference !== null &&
      (shownStock() !== null ||
        soldOutNotice() !== null ||
        pressableBuyButton(anatomy()) ||
        (reference.length >= 5 && page.url.includes(reference)));
    // With nothing else vouching for the page, a price far from any buy button is some other offer's.
    if (vouched || markupComplete || buying) candidates.push({ source: 'heuristic', fields: rules });
    else if (unpriced)
      candidates.push({ source: 'heuristic', fields: { ...rules, price: null, currency: null } });
  }
  if (!vouched && !markupComplete && candidates.at(-1)?.source !== 'heuristic') return null;
  // A data-* attribute may hold a list or regular price the page does not show as current: it
  // fills only what the page's visible markup leaves out.
  candidates.push(...embedded.filter((entry) => entry.source === 'attributes'));
  const source: Partial<Record<SourcedField, FieldSource>> = {};
  const pick = <K extends (typeof MERGED)[number]>(
    key: K,
    among: (candidate: (typeof candidates)[number]) => boolean = () => true,
  ): ProductFields[K] => {
    for (const candidate of candidates.filter(among)) {
      const value = candidate.fields[key];
      if (value !== null && value !== '') {
        source[key] = candidate.source;
        return value;
      }
    }
    return null;
  };

  // A zero price is a placeholder of a product the shop does not sell now, not a price.
  const priced = candidates.find(
    (candidate) => candidate.fields.price !== null && Number(candidate.fields.price) !== 0,
  );
  let price = priced?.fields.price ?? null;
  // The top of a range the price is the lowest of: undefined for one price, null for an open "from" price.
  let range = priced?.fields.price_from ? (priced.fields.price_max ?? null) : undefined;
  const currencyOwner = [priced, ...candidates].find(
    (candidate) => candidate && normaliseCurrency(candidate.fields.currency),
  );
  let currency = normaliseCurrency(currencyOwner?.fields.currency) ?? normaliseCurrency(profile.currency);
  if (price !== null && priced) source.price = priced.source;
  if (currency) source.currency = currencyOwner ? currencyOwner.source : 'heuristic';
  // A price printed bare ("99.00") is in the money of the country the page is for.
  else if (price !== null && currencyOfCountry(country)) {
    currency = currencyOfCountry(country);
    source.currency = 'heuristic';
  }
  // Offers listed at different prices (sizes) leave the price to the one the page shows selected.
  const choice = priced ? shownOfferChoice(priced.fields.offer_choices, anatomy, currency) : null;
  if (choice && priced && choice.price !== price) {
    price = choice.price;
    range = undefined;
  }
  // A sale the structured data missed: the page shows another current price and strikes through the structured one.
  if (
    priced &&
    priced.source !== 'selector' &&
    price &&
    markup.price &&
    normaliseAmount(markup.price, currency) !== normaliseAmount(price, currency) &&
    struckPriceShown(page, price, { country, currency })
  ) {
    price = markup.price;
    range = markup.price_from ? (markup.price_max ?? null) : undefined;
    source.price = 'selector';
    if (markup.currency) currency = normaliseCurrency(markup.currency) ?? currency;
  }

  // The reference the page shows the buyer beside its label is the one they quote; structured data often carries an internal id.
  const shownSku = labelled().sku;
  let sku = shownSku ?? pick('sku');
  if (shownSku) source.sku = 'heuristic';
  // The SKU of the first offer is that offer's: the offer the page shows names its own.
  else if (choice?.sku && sku !== null && sku === priced?.fields.offer_choices?.[0]?.sku) sku = choice.sku;
  // Likewise the maker's number the page labels ("Model number"): structured mpn is often the shop's own id.
  const shownMpn = labelled().mpn;
  const mpn = shownMpn ?? pick('mpn');
  if (shownMpn) source.mpn = 'heuristic';
  if (sku === null && profile.sku_from_url) {
    sku = new RegExp(profile.sku_from_url).exec(new URL(page.url).pathname)?.[1] ?? null;
    if (sku) source.sku = 'url';
  }
  if (sku === null) {
    sku = codeInUrl(page);
    if (sku) source.sku = 'url';
  }
  // The block the page's own markup names for stock outranks a learned rule, which was learned on
  // pages that were in stock and reads a line that may not say "sold out".
  let availability = pick('availability', (candidate) => candidate.source !== 'selector');
  if (availability === null && shownStock()) {
    availability = shownStock();
    source.availability = 'heuristic';
  }
  availability ??= pick('availability');
  // Structured data goes stale: the page's own stock block saying "sold out", or a buy button the
  // buyer can press, is what the shop does now.
  const shown = shownStock();
  if (availability === 'IN_STOCK' && shown === 'OUT_OF_STOCK' && source.availability !== 'heuristic') {
    availability = shown;
    source.availability = 'heuristic';
  } else if (availability === 'OUT_OF_STOCK' && shown === null && pressableBuyButton(anatomy())) {
    availability = 'IN_STOCK';
    source.availability = 'heuristic';
  }
  // No source states a stock: buy buttons that all say "Sold out", or a page showing no price with
  // a sold-out notice in the product's block, is the page saying it. Beside a price, such a notice
  // is as often an option's ("in-store availability is temporarily unavailable").
  if (
    availability === null &&
    (buyButtonsRefuse(anatomy()) || (price === null && soldOutNotice() !== null))
  ) {
    availability = 'OUT_OF_STOCK';
    source.availability = 'heuristic';
  }
  // A page offering a current price (an add-to-cart control, a classified ad's asking price) sells
  // the product now, though no data says so; so does a buy button the buyer can press where the
  // price is a script's to write in.
  if (availability === null && (price !== null || pressableBuyButton(anatomy()))) {
    availability = 'IN_STOCK';
    source.availability = 'heuristic';
  }
  const gtinOwner = candidates.find((candidate) => normaliseGtin(candidate.fields.gtin));
  const gtin = gtinOwner ? normaliseGtin(gtinOwner.fields.gtin) : null;
  if (gtinOwner) source.gtin = gtinOwner.source;
  const amount = price === null ? null : payableAmount(normaliseAmount(price, currency), currency);
  const heading = lazy(() => mainHeading(page));
  const record: ProductRecord = {
    url: page.url,
    canonical_url: canonicalUrl(page, structured[0]?.fields.url ?? null),
    name: untruncated(
      page,
      withoutEmptyLabel(
        withoutSiteTag(
          page,
          titleOverCategoryPath(
            page,
            withoutChosenColour(
              withoutHeadingAsides(
                heading(),
                withoutVariantSuffix(page, heading(), pick('name', namesProduct)),
              ),
              labelled().colour,
            ),
          ),
        ),
      ),
    ),
    brand: pick('brand'),
    gtin,
    mpn,
    sku,
    price: amount,
    // A range keeps its top beside the lowest price; one price carries neither field.
    ...(amount !== null && range !== undefined
      ? { price_max: range === null ? null : normaliseAmount(range, currency), price_from: true as const }
      : {}),
    currency,
    availability: availability ?? 'UNKNOWN',
    image: pick('image'),
    category: pick('category'),
    scraped_at: now.toISOString(),
    source,
  };
  return { ...record, field_sources: fieldSourcesOf(record, source) };
}

/**
 * Whether the price is shown in the main heading's own block (the smallest block holding both is
 * at most PRODUCT_BLOCK_LETTERS long): a product's title and price sit together, where a buy button
 * is a script's or is labelled in a language the word list lacks.
 */
function priceBesideHeading(anatomy: PageAnatomy, amount: string): boolean {
  return anatomy.mainPrices.some(
    (candidate) =>
      candidate.price.amount === amount && anatomy.regionWith(candidate.element) <= PRODUCT_BLOCK_LETTERS,
  );
}

/**
 * Of offers listed at different prices, the one whose price the visible page shows as the
 * product's (the size selected when the page was served); null where it shows none of them.
 */
function shownOfferChoice(
  choices: readonly OfferChoice[] | undefined,
  anatomy: () => PageAnatomy,
  currency: string | null,
): OfferChoice | null {
  if (!choices || choices.length < 2) return null;
  const shown = mainPrice(anatomy());
  if (!shown || (shown.price.currency !== null && currency !== null && shown.price.currency !== currency))
    return null;
  const amount = normaliseAmount(shown.price.amount, currency);
  return choices.find((choice) => normaliseAmount(choice.price, currency) === amount) ?? null;
}

/**
 * "19.6095" BYN: a shop's data may carry a price computed past the currency's minor unit, which no
 * buyer can pay; the page shows it rounded half up ("19.61"), and so does the record.
 */
function payableAmount(amount: string | null, currency: string | null): string | null {
  const minor = currencyMinorUnits(currency);
  const match = amount === null ? null : /^(\d+)\.(\d+)$/.exec(amount);
  if (!match || (match[2] as string).length <= minor) return amount;
  const digits = `${match[1]}${(match[2] as string).slice(0, minor)}`;
  const roundedUp = (match[2] as string).charCodeAt(minor) >= '5'.charCodeAt(0);
  const units = (BigInt(digits) + (roundedUp ? 1n : 0n)).toString().padStart(minor + 1, '0');
  return minor === 0 ? units : `${units.slice(0, -minor)}.${units.slice(-minor)}`;
}

/**
 * Whether the page shows a buy button the buyer can press: enabled, labelled as buying, and not
 * saying it cannot sell. A control the markup only places in the buy block (a help icon whose class
 * names the add-to-cart block it explains, "Find in store") is not enough to overrule data saying
 * the product is sold out.
 */
function pressableBuyButton(anatomy: PageAnatomy): boolean {
  return anatomy.buyButtons.some(pressable);
}

function pressable(button: Element): boolean {
  const label = labelOf(button);
  return (
    BUY_WORDS.test(label) &&
    button.attribs.disabled === undefined &&
    button.attribs['aria-disabled'] !== 'true' &&
    !SOLD_OUT_BUTTON.test(label)
  );
}

/**
 * Whether every buy button the page shows says the product is sold out ("Sold out", "Loppu"). A
 * disabled button alone says less: shops disable "Add" until a size is chosen.
 */
function buyButtonsRefuse(anatomy: PageAnatomy): boolean {
  return (
    anatomy.buyButtons.length > 0 &&
    anatomy.buyButtons.every((button) => readAvailability(labelOf(button)) === 'OUT_OF_STOCK')
  );
}

/** The label the button shows: of a link holding one label per state, the buy label it opens with. */
function labelOf(button: Element): string {
  const states = stateLabels(button);
  if (states) return states[0] as string;
  return cleanText(
    textOf(button) || (button.attribs.value ?? button.attribs['aria-label'] ?? button.attribs.title ?? ''),
  );
}

/**
 * "[타임커머스 티몬] 좋은생각…": a bracketed tag before the name that the page's own title does not
 * carry is the site's label on shared links, not part of the product's name.
 */
function withoutSiteTag(page: Page, name: string | null): string | null {
  const tagged = name && /^\[[^\]]{1,40}\]\s*(.+)$/u.exec(name);
  if (!tagged) return name;
  const title = cleanText(textOf(page.$('head title').first().toArray()));
  const rest = tagged[1] as string;
  return title.startsWith(rest) && !title.startsWith(name) ? rest : name;
}

/**
 * A name read whole from the main heading ("Конструктор LEGO … Посмотреть все LEGO") loses what the
 * heading's own reading leaves aside: a link to the brand's other products, the shop's item code.
 */
function withoutHeadingAsides(heading: MainHeading, name: string | null): string | null {
  if (!heading || heading.text === name) return name;
  return cleanText(textOf(heading.element, '', isHidden)) === name ? heading.text : name;
}

/**
 * A source whose name is a web address or a path ("http://shop.example/", "/": the link of a
 * mislabelled logo or home link) names no product.
 */
function namesProduct(candidate: { fields: ProductFields }): boolean {
  return !/^(?:https?:)?\/\S*$/i.test(candidate.fields.name?.trim() ?? '');
}

/**
 * "Seat Cushion Pain Relief…": a name cut short for a tile's width is read whole from the page's
 * title where that title begins with it, up to the site's name set off by a separator.
 */
function untruncated(page: Page, name: string | null): string | null {
  const stem = name && /^(.{8,}?)\s*(?:\.{3}|…)$/u.exec(name)?.[1];
  if (!stem) return name;
  const title = cleanText(textOf(page.$('head title').first().toArray()));
  if (!title.startsWith(stem)) return name;
  const end = title.slice(stem.length).search(/\s+[-–—|:]\s+/u);
  return end < 0 ? title : title.slice(0, stem.length + end);
}

/**
 * "Womans / Sports Shoes": a heading that is a category path ("A / B", "A > B") sharing no word
 * with the document title names the section, not the product; the title, up to the site's name set
 * off by a separator, names the product.
 */
function titleOverCategoryPath(page: Page, name: string | null): string | null {
  if (!name || !/\S\s+[/>»]\s+\S/u.test(name)) return name;
  const title = cleanText(textOf(page.$('head title').first().toArray()));
  const product = title.split(/\s+[|–—]\s+|\s+-\s+/u)[0]?.trim() ?? '';
  const words = (text: string): string[] =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const shared = words(name).some((word) => words(product).includes(word));
  return product.length >= 3 && !shared ? product : name;
}

/** A model number with its label ("Model: X", "דגם: X"), as specification rows show it. */
const MODEL_ROW = /^(?:model|model number|modell|modèle|modelo|modello|модель|דגם|型号|型番)\s*[:：]\s*\S/iu;

/**
 * `<h1 itemprop="name" content="Robe - Free size / Blue">Robe</h1>`: a source naming the variant
 * (the heading's text, a dash, then a variant's title the page offers as an option) names the
 * product the heading shows.
 */
function withoutVariantSuffix(page: Page, shown: MainHeading, name: string | null): string | null {
  const heading = shown?.text;
  if (!name || !heading || !name.startsWith(heading) || name === heading) return name;
  // "Desktop i7 16GB דגם: OPTIPLEX 9010" beside the heading "Desktop i7 16GB": the shop's data
  // appends the model row, label and all, to the name the page shows.
  if (MODEL_ROW.test(name.slice(heading.length).trim())) return heading;
  if (!name.startsWith(`${heading} - `)) return name;
  const variant = name.slice(heading.length + 3).toLowerCase();
  const offered = (page.$('option').toArray() as Element[]).some((option) =>
    cleanText(textOf(option)).toLowerCase().startsWith(variant),
  );
  return offered ? heading : name;
}

/**
 * "Brassière de sport - noir" beside a picker labelled "Couleur : noir": the heading of a variant
 * product appends the chosen colour after a dash; the product is named without it (the variant's
 * attributes carry it).
 */
function withoutChosenColour(name: string | null, colour: string | null): string | null {
  const parts = name && colour ? /^(.{3,})\s+[-–—]\s+(.+)$/u.exec(name) : null;
  return parts && parts[2]?.toLowerCase() === colour?.toLowerCase() ? (parts[1] as string) : name;
}

/** "Legend 200ml edt דגם:": templates append a label whose value the shop left empty. */
function withoutEmptyLabel(name: string | null): string | null {
  return name?.replace(/\s+[^\s:]{1,20}:\s*$/u, '') || name;
}

type MainHeading = ReturnType<typeof mainHeading>;

function lazy<T>(make: () => T): () => T {
  let value: { made: T } | null = null;
  return () => {
    value ??= { made: make() };
    return value.made;
  };
}

function struckPriceShown(
  page: Page,
  amount: string,
  context: { country: string | null; currency: string | null },
): boolean {
  const target = normaliseAmount(amount, context.currency);
  return (
    page
      .$(
        'del, s, strike, [class*="old"], [class*="regular"], [class*="standard"], [class*="was"], [data-price-type="oldPrice"]',
      )
      .toArray() as Element[]
  )
    .filter(isStruckPrice)
    .some((element) => {
      const price = priceOfElement(element, context);
      return price !== null && normaliseAmount(price.amount, price.currency ?? context.currency) === target;
    });
}

/** The page's canonical link; without one, the URL the structured data gives the product; else the page URL. */
function canonicalUrl(page: Page, declared: string | null): string {
  if (page.canonical !== page.url || !declared) return page.canonical;
  return URL.parse(declared, page.url)?.href ?? page.canonical;
}
