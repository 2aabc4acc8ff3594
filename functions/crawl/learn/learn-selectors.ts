import type { CheerioAPI } from 'cheerio/slim';
import type { Element } from 'domhandler';
import { normaliseGtin } from '#core/normalise-gtin';
import { cleanText } from '../page/clean-text.ts';
import { mainHeading } from '../page/main-heading.ts';
import { normaliseAmount } from '../page/normalise-amount.ts';
import type { PageAnatomy } from '../page/page-anatomy.ts';
import { pageElements } from '../page/page-elements.ts';
import type { PriceContext } from '../page/parse-price.ts';
import type { ProductFields } from '../page/product-fields.ts';
import { productFromSelectors, readRule, spacedText } from '../page/product-from-selectors.ts';
import { readAvailability } from '../page/read-availability.ts';
import type { Page } from '../page/read-page.ts';
import { selectByRule } from '../page/select-by-rule.ts';
import { isHidden } from '../page/text-of.ts';
import type { FieldRule, SelectorField } from './extraction-profile.ts';

export interface LearningPage {
  page: Page;
  anatomy: PageAnatomy;
  /** What structured data on the page says, when it says anything: the surest target. */
  known: ProductFields | null;
}

type Labelled = 'brand' | 'sku' | 'gtin' | 'mpn';

const LABELS: Record<Labelled, string[]> = {
  brand: [
    'brand',
    'značka',
    'marke',
    'marque',
    'marka',
    'hersteller',
    'výrobce',
    'výrobca',
    'producent',
    'fabricant',
    'manufacturer',
  ],
  sku: [
    'sku',
    'kód produktu',
    'kod produktu',
    'kód',
    'kod',
    'artikelnummer',
    'art.-nr.',
    'artikel-nr.',
    'référence',
    'reference',
    'ref',
    'product code',
    'item number',
    'code produit',
    'katalogové číslo',
    'numer katalogowy',
    'item no.',
  ],
  gtin: [
    'ean',
    'gtin',
    'ean13',
    'ean kód',
    'ean-code',
    'ean code',
    'upc',
    'barcode',
    'čárový kód',
    'kod ean',
    'kód ean',
  ],
  mpn: [
    'mpn',
    'kód výrobce',
    'kód výrobcu',
    'herstellernummer',
    'hersteller-artikelnummer',
    'référence fabricant',
    'kod producenta',
    'manufacturer part number',
    'part number',
    'mfr part no.',
  ],
};
const UNSTABLE_CLASS =
  /\d|^(is|has)-|^(active|selected|current|disabled|hidden|open|show)$|sold|stock|(^|-)(un)?available/i;
const BREADCRUMBS =
  '[class*="breadcrumb"], [id*="breadcrumb"], [aria-label*="breadcrumb" i], [itemtype*="BreadcrumbList"]';

interface Target {
  learning: LearningPage;
  element: Element;
  value: string;
  label?: string;
}

/**
 * The most a sample page may weigh to teach: learning tries dozens of candidate selectors per field
 * on every sample, each a walk of the page whose steps climb its ancestors, so its cost is the
 * page's depth total times the candidates. Real product pages stay far below (50,000 elements 20
 * deep: 1,000,000); a page past it (a trap nesting thousands of blocks, a flood of elements) is
 * still scraped with the rules the other samples teach, it only teaches nothing itself.
 */
export const LEARNING_LIMITS = { maxElements: 100_000, maxDepthTotal: 2_000_000 } as const;

function isLearnable(page: Page): boolean {
  const elements = pageElements(page.$).all;
  if (elements.length > LEARNING_LIMITS.maxElements) return false;
  // Elements come in document order, so each one's parent has its depth already.
  const depths = new Map<unknown, number>();
  let total = 0;
  for (const element of elements) {
    const depth = (depths.get(element.parent) ?? 0) + 1;
    depths.set(element, depth);
    total += depth;
    if (total > LEARNING_LIMITS.maxDepthTotal) return false;
  }
  return true;
}

/**
 * Learns a markup rule per field from sample product pages (those within LEARNING_LIMITS). On each page the field's element is
 * found (from structured values where the page has them, else by heading, price position, row
 * labels, breadcrumbs, stock phrases and buy buttons); candidate selectors are built from the
 * element and its ancestors; the rule that reads the right value on most pages wins, so a selector
 * that also matches related products listed earlier on the page loses.
 */
export function learnSelectors(
  samples: readonly LearningPage[],
  context: PriceContext,
): Partial<Record<SelectorField, FieldRule>> {
  const pages = samples.filter((sample) => isLearnable(sample.page));
  const rules: Partial<Record<SelectorField, FieldRule>> = {};
  const learn = (
    field: SelectorField,
    targets: Target[],
    read: (page: Page, rule: FieldRule) => string | null,
    attribute?: (element: Element) => string,
  ): void => {
    const rule = bestRule(targets, read, attribute);
    if (rule) rules[field] = rule;
  };
  const text = (page: Page, rule: FieldRule): string | null => readRule(page.$, rule, page.url);
  const priceOf = (page: Page, rule: FieldRule): string | null => {
    const price = productFromSelectors(page, { price: rule }, context);
    return price.price ? normaliseAmount(price.price, price.currency) : null;
  };

  // The heading that names the page, not the first h1: shops put cart pop-ups and offers in h1s before it.
  learn(
    'name',
    targetsOf(pages, (p) => {
      const heading = headingOf(p);
      return heading ? [heading.element, heading.text] : null;
    }),
    text,
  );
  learn(
    'price',
    targetsOf(pages, (p) => {
      const knownAmount = p.known?.price ? normaliseAmount(p.known.price, p.known.currency) : null;
      const prices = p.anatomy.mainPrices.map((candidate) => ({
        ...candidate,
        amount: normaliseAmount(candidate.price.amount, candidate.price.currency),
      }));
      const chosen = prices.find((candidate) => candidate.amount === knownAmount) ?? nearest(p, prices);
      return chosen?.amount ? [chosen.element, chosen.amount] : null;
    }),
    priceOf,
  );
  learn(
    'image',
    targetsOf(pages, (p) => {
      const images = (p.page.$('img[src], img[data-src]').toArray() as Element[])
        .filter(
          (image) => !p.anatomy.inCard(image) && p.page.$(image).closest('header, footer, nav').length === 0,
        )
        .map((element) => ({ element, url: imageUrl(element, p.page.url) }));
      const chosen =
        images.find((image) => p.known?.image && image.url === p.known.image) ?? nearest(p, images);
      return chosen?.url ? [chosen.element, chosen.url] : null;
    }),
    (page, rule) => text(page, rule),
    (element) => (element.attribs.src ? 'src' : 'data-src'),
  );
  for (const field of ['brand', 'sku', 'gtin', 'mpn'] as const) {
    const targets = labelledTargets(pages, field);
    const read = (page: Page, rule: FieldRule): string | null => {
      const value = text(page, rule);
      return field === 'gtin' ? normaliseGtin(value) : value;
    };
    const rule = bestRule(targets, read);
    if (rule) rules[field] = rule;
  }
  learn(
    'category',
    targetsOf(pages, (p) => {
      const container = p.page.$(BREADCRUMBS).first()[0] as Element | undefined;
      if (!container) return null;
      const value = productFromSelectors(
        p.page,
        { category: { selector: selectorOf(container) } },
        context,
      ).category;
      return value ? [container, value] : null;
    }),
    (page, rule) => productFromSelectors(page, { category: rule }, context).category,
  );
  learn(
    'availability',
    targetsOf(pages, (p) => {
      const labels = (p.page.$('body *').toArray() as Element[])
        .filter((element) => !/^(button|option|select|script|style|a|input|form|label)$/.test(element.name))
        .filter((element) => !p.anatomy.inCard(element) && ownText(element).length > 0)
        .map((element) => ({ element, text: spacedText(element) }))
        .filter((entry) => entry.text.length < 40 && readAvailability(entry.text) !== null)
        .filter((entry) => !hiddenIn(entry.element))
        .map((entry) => ({ element: entry.element, value: readAvailability(entry.text) as string }));
      const chosen = nearest(p, labels);
      return chosen ? [chosen.element, chosen.value] : null;
    }),
    (page, rule) => readAvailability(text(page, rule)),
  );
  learn(
    'button',
    targetsOf(pages, (p) => {
      const chosen = nearest(
        p,
        p.anatomy.buyButtons.map((element) => ({ element })),
      );
      return chosen ? [chosen.element, 'BUTTON'] : null;
    }),
    (page, rule) => (selectByRule(page.$, rule.selector).length ? 'BUTTON' : null),
  );
  // A rule that reads other values than the page's own structured data on most training pages
  // where both speak (a bare `h1` reading a cart pop-up, a stock line of another block) is not kept.
  for (const field of CHECKED) {
    const rule = rules[field];
    if (!rule) continue;
    let agree = 0;
    let disagree = 0;
    for (const learning of pages) {
      const known = learning.known?.[field];
      if (!known) continue;
      const read = productFromSelectors(learning.page, { [field]: rule }, context);
      const value = read[field];
      if (value === null) continue;
      if (sameValue(field, known, value, learning.known, read)) agree++;
      else disagree++;
    }
    if (disagree > agree) delete rules[field];
  }
  return rules;

  function bestRule(
    targets: Target[],
    read: (page: Page, rule: FieldRule) => string | null,
    attribute?: (element: Element) => string,
  ): FieldRule | null {
    if (targets.length === 0) return null;
    const label = mostCommon(
      targets.map((target) => target.label).filter((value): value is string => !!value),
    );
    const candidates = new Map<string, FieldRule>();
    for (const target of targets) {
      for (const selector of selectorCandidates(target.learning.page.$, target.element)) {
        const rule: FieldRule = { selector };
        if (attribute) rule.attribute = attribute(target.element);
        if (label) rule.label = label;
        candidates.set(JSON.stringify(rule), rule);
      }
    }
    let best: { rule: FieldRule; score: number } | null = null;
    for (const rule of candidates.values()) {
      let score = 0;
      for (const target of targets) {
        try {
          if (read(target.learning.page, rule) === target.value) score++;
        } catch {
          // a selector css-select cannot compile scores nothing
        }
      }
      if (
        !best ||
        score > best.score ||
        (score === best.score && preferable(rule.selector, best.rule.selector))
      ) {
        best = { rule, score };
      }
    }
    return best && best.score >= Math.max(1, Math.ceil(targets.length / 2)) ? best.rule : null;
  }
}

const CHECKED = ['name', 'brand', 'sku', 'gtin', 'mpn', 'price', 'availability'] as const;

function sameValue(
  field: (typeof CHECKED)[number],
  known: string,
  read: string,
  knownFields: ProductFields | null,
  readFields: ProductFields,
): boolean {
  if (field === 'price')
    return (
      normaliseAmount(known, knownFields?.currency ?? null) ===
      normaliseAmount(read, readFields.currency ?? knownFields?.currency ?? null)
    );
  const a = cleanText(known).toLowerCase();
  const b = cleanText(read).toLowerCase();
  // A heading may add or drop a variant or the brand around the structured name.
  return field === 'name' ? a.includes(b) || b.includes(a) : a === b;
}

/**
 * Between selectors that read equally well: one naming the element by class, id or attribute (it
 * survives an extra block on some pages better than a bare tag), then the shorter.
 */
function preferable(selector: string, other: string): boolean {
  const specific = (value: string): boolean => /[.#[]/.test(value.split(' ').at(-1) ?? '');
  if (specific(selector) !== specific(other)) return specific(selector);
  return selector.length < other.length;
}

function targetsOf(
  pages: readonly LearningPage[],
  find: (page: LearningPage) => [Element, string] | null,
): Target[] {
  const targets: Target[] = [];
  for (const learning of pages) {
    const found = find(learning);
    if (found) targets.push({ learning, element: found[0], value: found[1] });
  }
  return targets;
}

/**
 * Per page, the row with the most specific label the page has (the list's order: a "Brand" row
 * before a "Manufacturer" row, which often names the company behind the brand).
 */
function labelledTargets(pages: readonly LearningPage[], field: Labelled): Target[] {
  const words = LABELS[field];
  const targets: Target[] = [];
  for (const learning of pages) {
    let found: (Target & { rank: number }) | null = null;
    for (const element of learning.page.$('body *').toArray() as Element[]) {
      const own = ownText(element).replace(/\s*[:：]\s*$/, '');
      const rank = own.length > 40 ? -1 : words.indexOf(own.toLowerCase());
      if (!own || rank < 0 || (found && rank >= found.rank) || learning.anatomy.inCard(element)) continue;
      // The row is the nearest block holding more than the label: a label alone in its cell
      // ("<td><span>Marke</span></td><td>WELEDA</td>") has its row two levels up.
      let row: Element | null = element;
      for (let depth = 0; row && depth < 3 && spacedText(row).length <= ownText(element).length + 1; depth++)
        row = row.parent?.type === 'tag' ? (row.parent as Element) : null;
      if (row?.type !== 'tag' || spacedText(row).length <= ownText(element).length + 1) continue;
      const value = rowValue(row, own);
      const checked = field === 'gtin' ? normaliseGtin(value) : value;
      if (checked) found = { learning, element: row, value: checked, label: own, rank };
      if (found?.rank === 0) break;
    }
    if (found) targets.push({ learning, element: found.element, value: found.value, label: found.label });
  }
  return targets;
}

function rowValue(row: Element, label: string): string | null {
  const text = spacedText(row);
  if (!text.toLowerCase().startsWith(label.toLowerCase())) return null;
  const rest = text.slice(label.length).replace(/^\s*[:：]?\s*/, '');
  return rest && rest.length <= 80 ? rest : null;
}

function ownText(element: Element): string {
  return cleanText(
    element.children
      .filter((child) => child.type === 'text')
      .map((child) => (child as unknown as { data: string }).data)
      .join(' '),
  );
}

const headings = new WeakMap<Page, { element: Element; text: string } | null>();

function headingOf(learning: LearningPage): { element: Element; text: string } | null {
  if (!headings.has(learning.page)) headings.set(learning.page, mainHeading(learning.page));
  return headings.get(learning.page) ?? null;
}

/** A message a script shows later (a cart pop-up's "Currently unavailable") says nothing about the product. */
function hiddenIn(element: Element): boolean {
  for (let node: Element | null = element; node && node.type === 'tag'; node = node.parent as Element | null)
    if (isHidden(node)) return true;
  return false;
}

function nearest<T extends { element: Element }>(learning: LearningPage, items: T[]): T | undefined {
  const h1 = headingOf(learning)?.element;
  if (!h1) return items[0];
  const anchor = learning.anatomy.order(h1);
  return items.reduce<T | undefined>((best, item) => {
    const distance = Math.abs(learning.anatomy.order(item.element) - anchor);
    return !best || distance < Math.abs(learning.anatomy.order(best.element) - anchor) ? item : best;
  }, undefined);
}

function imageUrl(element: Element, pageUrl: string): string | null {
  const src = element.attribs.src ?? element.attribs['data-src'];
  return src ? (URL.parse(src.trim(), pageUrl)?.href ?? null) : null;
}

function mostCommon(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = value;
  return best;
}

function simple(element: Element): string[] {
  const tag = element.name;
  const classes = (element.attribs.class ?? '')
    .split(/\s+/)
    .filter((name) => name && !UNSTABLE_CLASS.test(name))
    .map((name) => `.${name.replace(/([^\w-])/g, '\\$1')}`);
  const id =
    element.attribs.id && !/\d/.test(element.attribs.id)
      ? `#${element.attribs.id.replace(/([^\w-])/g, '\\$1')}`
      : null;
  const itemprop = element.attribs.itemprop ? `[itemprop="${element.attribs.itemprop}"]` : null;
  return [
    ...(id ? [id] : []),
    ...(classes.length ? [`${tag}${classes.join('')}`] : []),
    ...(classes.length > 1 ? [`${tag}${classes[0]}`] : []),
    ...(itemprop ? [`${tag}${itemprop}`] : []),
    tag,
  ];
}

function selectorOf(element: Element): string {
  return simple(element)[0] as string;
}

/** Selectors for an element: its own, then each prefixed by a distinctive ancestor. */
function selectorCandidates($: CheerioAPI, element: Element): string[] {
  const own = simple(element);
  const out = new Set(own);
  let depth = 0;
  for (
    let node = element.parent as Element | null;
    node && node.type === 'tag' && depth < 8;
    node = node.parent as Element | null
  ) {
    if (node.name === 'html' || node.name === 'body') break;
    const ancestor = simple(node).filter((selector) => selector !== node?.name);
    if (ancestor.length === 0) continue;
    depth++;
    for (const prefix of ancestor.slice(0, 2))
      for (const mine of own.slice(0, 2)) out.add(`${prefix} ${mine}`);
  }
  // A candidate that does not even match its own element (an escaping css-select rejects) is dropped.
  return [...out].filter((selector) => {
    try {
      return selectByRule($, selector).includes(element);
    } catch {
      return false;
    }
  });
}
