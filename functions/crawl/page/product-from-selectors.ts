import type { CheerioAPI } from 'cheerio/slim';
import type { AnyNode, Element } from 'domhandler';
import { normaliseGtin } from '#core/normalise-gtin';
import type { Availability } from '#core/product-record';
import type { FieldRule, SelectorField } from '../learn/extraction-profile.ts';
import { categoryFromCrumbs } from './category-from-crumbs.ts';
import { cleanText } from './clean-text.ts';
import { currencyInText } from './currency-in-text.ts';
import { isStruckPrice } from './is-struck-price.ts';
import { mainHeading } from './main-heading.ts';
import type { PriceContext } from './parse-price.ts';
import { priceOfElement } from './price-of-element.ts';
import type { ProductFields } from './product-fields.ts';
import { readAvailability } from './read-availability.ts';
import type { Page } from './read-page.ts';
import { selectByRule } from './select-by-rule.ts';
import { isHidden, textOf } from './text-of.ts';

/**
 * The learned price element holding words and a number but no currency ("out of stock, over 10
 * buyers" where other pages show "₪1,679") shows a message, not a price; a bare amount ("99.00")
 * is a price in the page's money.
 */
function wordsWithoutCurrency(element: Element, context: PriceContext): boolean {
  if (PRICE_ATTRIBUTES.some((name) => element.attribs[name] !== undefined)) return false;
  const text = cleanText(textOf(element));
  return /\p{L}{3,}/u.test(text) && currencyInText(text, context.country) === null;
}
const PRICE_ATTRIBUTES = [
  'content',
  'data-price',
  'data-price-amount',
  'data-currency',
  'data-price-currency',
];
const PREORDER_BUTTON = /pre-?order|předobjednat|predobjednať|vorbestellen|précommander|przedsprzedaż/i;

/** Reads a product with markup rules; a field whose rule is missing or finds nothing is null. */
export function productFromSelectors(
  page: Page,
  rules: Partial<Record<SelectorField, FieldRule>>,
  context: PriceContext,
): ProductFields {
  const { $ } = page;
  const value = (field: SelectorField): string | null => {
    const rule = rules[field];
    return rule ? readRule($, rule, page.url) : null;
  };
  // A price rule never means a struck-through price, even where the old price comes first.
  const price = rules.price
    ? ((selectByRule($, rules.price.selector).find(
        (element) =>
          !isStruckPrice(element) &&
          !$(element)
            .parents()
            .toArray()
            .some((parent) => isStruckPrice(parent as Element)),
      ) as Element | undefined) ?? null)
    : null;
  const parsed = price && !wordsWithoutCurrency(price, context) ? priceOfElement(price, context) : null;
  const name = rules.name ? readName(page, rules.name) : null;
  const category = rules.category ? readCrumbs($, rules.category, page, name) : null;
  return {
    url: null,
    name,
    brand: value('brand'),
    gtin: normaliseGtin(value('gtin')),
    mpn: value('mpn'),
    sku: value('sku'),
    price: parsed?.amount ?? null,
    price_max: parsed?.max ?? null,
    price_from: parsed?.from ?? false,
    currency: parsed?.currency ?? null,
    availability: readAvailability(value('availability')) ?? buttonAvailability($, rules.button),
    image: value('image'),
    category,
  };
}

/** A one-word label after a value in the same row, "Theme:" in "Acme Theme: Classic". */
const NEXT_LABEL = /\s+\p{Lu}[\p{L}-]{1,30}[:：](?:\s|$)/u;

/** The value one rule reads from a page, or null. */
export function readRule($: CheerioAPI, rule: FieldRule, pageUrl: string): string | null {
  if (rule.label !== undefined) {
    const label = rule.label.toLowerCase();
    // The tightest block that starts with the label: a wrapper of all rows may start with it too.
    let best: string | null = null;
    for (const element of selectByRule($, rule.selector)) {
      const text = spacedText(element);
      // The label must be the row's whole label: "Brand" is not the start of a "Brand Name" row.
      if (!text.toLowerCase().startsWith(label) || firstText(element) !== label) continue;
      if (best === null || text.length < best.length) best = text;
    }
    // A row of several pairs ("Brand: Acme Theme: Classic") holds this label's value up to the next label.
    const value = best
      ?.slice(label.length)
      .replace(/^\s*[:：]?\s*/, '')
      .split(NEXT_LABEL)[0];
    return value || null;
  }
  const element = firstMatch($, rule);
  if (!element) return null;
  if (rule.attribute) {
    const attribute = element.attribs[rule.attribute]?.trim();
    if (!attribute) return null;
    return /^(src|href|data-src|content)$/.test(rule.attribute)
      ? (URL.parse(attribute, pageUrl)?.href ?? null)
      : attribute;
  }
  // Text hidden from buyers (a screen reader's "Details about") is not part of the value.
  return cleanText(textOf(element, '', isHidden)) || null;
}

/**
 * The name rule was learned on the heading that names the page; where the rule matches several
 * elements (a bare `h1` also matches a cart pop-up's heading placed first), that heading is read.
 */
function readName(page: Page, rule: FieldRule): string | null {
  const heading = rule.attribute || rule.label ? null : mainHeading(page);
  if (heading && selectByRule(page.$, rule.selector).includes(heading.element)) return heading.text;
  return readRule(page.$, rule, page.url);
}

function firstMatch($: CheerioAPI, rule: FieldRule): Element | null {
  return selectByRule($, rule.selector)[0] ?? null;
}

/** The first text a row shows, lower-cased and without the colon that ends a label. */
function firstText(element: Element): string {
  const stack: AnyNode[] = [element];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'text' && node.data.trim() !== '')
      return cleanText(node.data)
        .replace(/\s*[:：]\s*$/, '')
        .toLowerCase();
    if ('children' in node && node.type === 'tag')
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return '';
}

/** Text with a space at element boundaries, so "<th>EAN</th><td>123</td>" reads "EAN 123". */
export function spacedText(element: Element): string {
  return cleanText(textOf(element, ' '));
}

function readCrumbs($: CheerioAPI, rule: FieldRule, page: Page, name: string | null): string | null {
  const container = firstMatch($, rule);
  if (!container) return null;
  const items = $(container).find('li').toArray() as Element[];
  const crumbs = (
    items.length > 0 ? items : ($(container).find('a, span:not(:has(*))').toArray() as Element[])
  ).map((item) => {
    const link = item.name === 'a' ? item : ($(item).find('a[href]').first()[0] as Element | undefined);
    const href = link?.attribs.href;
    return { name: cleanText(textOf(item)), url: href ? (URL.parse(href, page.url)?.href ?? null) : null };
  });
  return categoryFromCrumbs(crumbs, { url: page.canonical, name });
}

function buttonAvailability($: CheerioAPI, rule: FieldRule | undefined): Availability | null {
  const button = rule ? firstMatch($, rule) : null;
  if (!button) return null;
  if (button.attribs.disabled !== undefined || button.attribs['aria-disabled'] === 'true')
    return 'OUT_OF_STOCK';
  return PREORDER_BUTTON.test(cleanText(textOf(button) || (button.attribs.value ?? '')))
    ? 'PREORDER'
    : 'IN_STOCK';
}
