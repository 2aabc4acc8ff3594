import { type AnyNode, type Element, isTag } from 'domhandler';
import { cleanText } from './clean-text.ts';
import { currencyInText } from './currency-in-text.ts';
import { elementsByTag } from './page-elements.ts';
import type { Page } from './read-page.ts';
import { isHidden, textOf } from './text-of.ts';

/** Links a site header holds at least (menu, account, basket, logo): a product's own header holds few. */
const SITE_HEADER_LINKS = 5;
/**
 * Words that open a part of a heading that is not the product's name: a link to the brand's other
 * products, the shop's item code ("Посмотреть все LEGO", "Код 203905").
 */
const NOT_THE_NAME =
  /^(?:see all|view all|shop all|more from|посмотреть все|смотреть все|все товары|код|артикул|sku|art\.?-?nr|item|ref|réf|kód|kod)(?![\p{L}\p{N}])/iu;

/**
 * The h1 that names the page: the one sharing most words with the title, outside menus. Pages put
 * h1s in pop-ups, cart messages, reviews and side panels too, often before the product's own.
 */
export function mainHeading(page: Page): { element: Element; text: string } | null {
  const titleText = cleanText(
    page.meta.get('og:title') ?? textOf(elementsByTag(page.$, 'title').slice(0, 1)),
  );
  const title = words(titleText);
  const best = bestHeading(page, elementsByTag(page.$, 'h1'), title);
  // The only h1 is the shop's name in its header: the product's title is a lower heading the
  // document title shares words with.
  if (best && best.score >= LOWER_HEADING_SHARE)
    return { element: best.element, text: withoutLeadingLabel(best.text, titleText) };
  // An h1 sharing a word or two with the title may be a dialog's ("Manufacturer information for
  // … (MSI)"): a lower heading the title holds most of names the page better.
  const lower = bestHeading(page, elementsByTag(page.$, 'h2'), title);
  const named =
    lower && lower.score >= LOWER_HEADING_SHARE && lower.score > (best?.score ?? 0) ? lower : best;
  return named && { element: named.element, text: withoutLeadingLabel(named.text, titleText) };
}

/**
 * "Product description page - Hairpin Stool Walnut - Room Essentials™": a heading for screen
 * readers opens with words naming the page's kind, set off by a dash, that the document title
 * lacks while it begins with the rest. The rest names the product.
 */
function withoutLeadingLabel(text: string, titleText: string): string {
  const parts = /^(.{2,40}?)\s+[-–—:|]\s+(.{3,})$/u.exec(text);
  if (!parts) return text;
  const [, label, rest] = parts as unknown as [string, string, string];
  const title = words(titleText);
  const labelShares = [...words(label)].some((word) => title.has(word));
  return !labelShares && titleText.toLowerCase().startsWith(rest.toLowerCase()) ? rest : text;
}

/** Share of a lower heading's words the title must hold for it to name the page. */
const LOWER_HEADING_SHARE = 0.5;

function bestHeading(
  page: Page,
  headings: readonly Element[],
  title: Set<string>,
): { element: Element; text: string; score: number; choice: number } | null {
  let best: { element: Element; text: string; score: number; choice: number } | null = null;
  for (const element of headings) {
    const text = headingText(element, title);
    if (!text || text.length > 300) continue;
    const own = words(text);
    // A heading in a menu, the site's header or a list item titles a section of the site, not the
    // page; a product's own <header> (title and price) is no menu.
    const inMenu =
      page.$(element).closest('nav, footer, li').length > 0 ||
      page
        .$(element)
        .closest('header')
        .toArray()
        .some((header) => page.$(header).find('a[href]').length >= SITE_HEADER_LINKS);
    const shared = [...own].filter((word) => title.has(word)).length;
    const score = shared / Math.max(own.size, 1) - (inMenu ? 1 : 0);
    // Share of the title's words the heading holds: a review's h1 ("Faux Throw") has every word in
    // the title as the product's own heading does, but holds a fragment of it.
    const choice = harmonicMean(score, shared / Math.max(title.size, 1)) - (inMenu ? 1 : 0);
    if (!best || choice > best.choice) best = { element, text, score, choice };
  }
  return best;
}

function harmonicMean(a: number, b: number): number {
  return a <= 0 || b <= 0 ? 0 : (2 * a * b) / (a + b);
}

/**
 * The heading's text without hidden parts, nor parts that link elsewhere, name the shop's code or
 * show a price or a place ("Washing machine - £50 (Salford)" on a classified ad), nor the dash left
 * before them.
 */
function headingText(heading: Element, title: Set<string>): string {
  const label = headingLabels(heading, title);
  const aside = (element: Element): boolean => {
    if (element === heading) return false;
    if (label.has(element)) return true;
    // A control in the heading ("hide this posting", "unhide", "add to wish list") is no part of the name.
    if (isHidden(element) || element.name === 'button' || element.attribs.role === 'button') return true;
    if (element.name !== 'a' && element.name !== 'span' && element.name !== 'small') return false;
    const text = cleanText(textOf(element));
    return (
      NOT_THE_NAME.test(text) ||
      isByline(element, text) ||
      (text.length <= 20 && /\d/.test(text) && currencyInText(text) !== null) ||
      // "<small> (Salford)</small>": a place or note set apart in small print.
      (element.name === 'small' && /^\(.*\)$/u.test(text))
    );
  };
  return cleanText(textOf(heading, '', aside)).replace(/\s*[-–—|:]\s*$/u, '');
}

/**
 * "von <a>MSI</a>", "by <a>Bosch</a>": a part of the heading naming the maker by a link to its other
 * products is a byline, not part of the name.
 */
const BYLINE = /^(?:by|von|van|de|di|par|da|od|от|av|af)\s+\S/iu;

function isByline(element: Element, text: string): boolean {
  return (
    BYLINE.test(text) &&
    text.length <= 60 &&
    element.children.some((child) => isTag(child) && child.name === 'a')
  );
}

/**
 * The heading's first and last parts set in elements of their own that share no word with the
 * document title while the rest of the heading does: a label a marketplace sets before the name
 * ("Details about", "Détails sur", shown only to screen readers), a tab or a colour after it
 * ("Details", "- noir"). Class names would say which parts are hidden; words say it on any shop.
 */
function headingLabels(heading: Element, title: Set<string>): Set<Element> {
  const labels = new Set<Element>();
  if (title.size === 0) return labels;
  const parts = heading.children.filter((child) => cleanText(textOf(child)) !== '');
  if (parts.length < 2) return labels;
  const shares = (node: AnyNode): boolean => [...words(textOf(node))].some((word) => title.has(word));
  const ends = [parts[0], parts.at(-1)] as AnyNode[];
  for (const end of ends)
    if (isTag(end) && !shares(end) && parts.some((part) => part !== end && shares(part))) labels.add(end);
  return labels.size === parts.length ? new Set() : labels;
}

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
}
