import type { CheerioAPI } from 'cheerio/slim';
import { type AnyNode, type Element, isTag, type Text } from 'domhandler';
import { cleanText } from './clean-text.ts';
import { currencyInText } from './currency-in-text.ts';
import {
  isStruckPrice,
  namesStruckPrice,
  opensWithStruckPrice,
  withoutStruckWording,
} from './is-struck-price.ts';
import { mainHeading } from './main-heading.ts';
import { elementsByTag, pageElements } from './page-elements.ts';
import { checkDeadline, pageDeadline } from './page-limits.ts';
import type { PriceContext } from './parse-price.ts';
import type { PriceRange } from './parse-price-range.ts';
import { priceOfElement } from './price-of-element.ts';
import type { Page } from './read-page.ts';
import { isUnseen, textOf } from './text-of.ts';

export interface PricedElement {
  element: Element;
  price: PriceRange;
}

/** The parts of a page that tell a product page from a listing: heading, prices, cards, buy button. */
export interface PageAnatomy {
  h1: Element | null;
  /** Current prices outside product cards, each the widest element that still shows only that price. */
  mainPrices: PricedElement[];
  /** Links of product cards (repeated blocks with a price and a link). */
  cardLinks: string[];
  /** Add-to-cart controls outside product cards. */
  buyButtons: Element[];
  inCard(element: Element): boolean;
  /**
   * Characters (other than whitespace) of the smallest block holding both the main heading and the
   * element: small when the element belongs to the product's own block. Infinity without a heading.
   */
  regionWith(element: Element): number;
  /** Position of an element in document order, for distances. */
  order(element: Element): number;
}

/**
 * Labels of buy controls, in the languages of the shops read (sold-out and pre-order labels
 * included; an auction's bid is its buy action).
 */
export const BUY_WORDS =
  /add to (?:your )?(cart|basket|bag)|buy now|(?:place|submit) (?:a )?bid|bid now|gebot abgeben|^bieten$|enchérir|^pujar$|^buy$|do košíku|do košíka|koupit|kúpiť|in den warenkorb|kaufen|ajouter au panier|acheter|dodaj do koszyka|do koszyka|kup teraz|pre-?order|předobjednat|predobjednať|vorbestellen|précommander|przedsprzedaż|sold out|ausverkauft|vyprodáno|épuisé|^kupi$|u košaricu|купить|в корзину|añadir al carrito|^comprar$|aggiungi al carrello|^acquista$|in winkelwagen|lägg i varukorg|læg i kurv|legg i handlekurv|lisää ostoskoriin|sepete ekle|הוסף לסל|장바구니|구매하기|カートに入れる|lisa ostukorvi|pievienot grozam|ielikt grozā|į krepšelį|adaug[aă] [iî]n co[sș]|kosárba|добави в количката|додати в кошик|^купити$|προσθήκη στο καλάθι|أضف إلى|加入购物车|加入購物車|立即购买|立即購買|adicionar ao carrinho|agregar al carrito|añadir a la cesta|tambah ke keranjang|thêm vào giỏ|ใส่ตะกร้า|себетке қосу|dodaj u korpu|dodaj v košarico|in winkelmand/i;
const BUY_ATTRIBUTES =
  /add[-_]?to[-_]?cart|addtocart|tocart|add-to-basket|buy-button|product-form__submit|conversion/i;
/**
 * Links that lead somewhere: script hooks (`href="#"`, `javascript:`, an empty `href` that a
 * script's click handler stands behind: a share button, a colour swatch) and anchors within the
 * page ("64 reviews" beside the price) make no product card.
 */
const REAL_LINK = 'a[href]:not([href^="#"]):not([href^="javascript" i]):not([href=""])';
/** A product shown as a link: its picture or its title leads to it. */
const LINKED_PICTURE_OR_TITLE = ['img', 'h2', 'h3', 'h4']
  .map((inner) => `${REAL_LINK} ${inner}`)
  .concat(['h2', 'h3', 'h4'].map((heading) => `${heading} ${REAL_LINK}`))
  .join(', ');
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg']);
/**
 * A price in a drop-down is one choice of several (a search filter's "under €10", a deposit or
 * instalment plan, a variant that read-variants reads), not the price the page shows for the product.
 */
const CHOICES = new Set(['select', 'option', 'optgroup', 'datalist']);

/**
 * Characters of the smallest block holding the main heading and a lower heading that shows a
 * price: the product's title block (title, price, rating), not a section of the page.
 */
const PRICE_HEADING_BLOCK_LETTERS = 600;

/** A price as a data attribute holds it: a plain number. */
const PRICE_ATTRIBUTE = /^\d+(\.\d+)?$/;

export function pageAnatomy(page: Page, context: PriceContext): PageAnatomy {
  const { $ } = page;
  const h1 = mainHeading(page)?.element ?? elementsByTag($, 'h1')[0] ?? null;
  const all = bodyElements($);
  const deadline = pageDeadline();
  const tree = subtreeFacts(all, deadline);
  const order = (element: Element): number => tree.position(element) ?? -1;
  const h1Ancestors = new Set<Element>();
  for (let node = h1?.parent ?? null; node; node = node.parent) h1Ancestors.add(node as Element);
  const containsH1 = (element: Element): boolean => h1Ancestors.has(element);
  const regionWith = (element: Element): number => {
    if (!h1) return Number.POSITIVE_INFINITY;
    for (let node: Element | null = element; node; node = node.parent as Element | null)
      if (node === h1 || h1Ancestors.has(node)) return tree.lettersOf(node) ?? Number.POSITIVE_INFINITY;
    return Number.POSITIVE_INFINITY;
  };
  /** Clean text of an element whose text is at most `max` characters long, else null (without reading it). */
  const shortText = (element: Element, max: number): string | null => {
    if ((tree.lettersOf(element) ?? 0) > max) return null;
    const text = cleanText(textOf(element));
    return text.length > max ? null : text;
  };
  // A card alone (the last page of a listing) still shows its product as a link: its picture or title.
  const titledByLink = (block: Element): boolean => $(block).find(LINKED_PICTURE_OR_TITLE).length > 0;
  const controls = buyControls(page);
  const cardOf = new Map<Element, Element | null>();
  const cardAncestor = (element: Element): Element | null => {
    if (cardOf.has(element)) return cardOf.get(element) ?? null;
    let card: Element | null = null;
    // The element itself counts: a price widened to the whole of its card is that card.
    for (
      let node: Element | null = element, depth = 0;
      node && node.type === 'tag' && depth < 9;
      node = node.parent as Element | null, depth++
    ) {
      if (node.name === 'body' || node.name === 'main') break;
      if (!tree.linkBelow(node) && !isRealLink(node)) continue;
      // The nearest block with a link: a card when it is small, not the product's own block, and
      // either one of a row of like blocks (a listing's, a carousel's) or showing a product as a
      // linked picture or title. A small block standing alone whose links are actions (watch list,
      // seller, delivery terms) is the product's own buy box.
      // A small block holding such a row (a short list whose cards all show one price, widened to
      // the list) is the row's, not the product's, as much as each card is.
      if (
        !containsH1(node) &&
        shortText(node, 399) !== null &&
        (repeated(node) || titledByLink(node) || holdsRow(node))
      )
        card = node;
      break;
    }
    cardOf.set(element, card);
    return card;
  };
  const inCard = (element: Element): boolean => cardAncestor(element) !== null;
  /**
   * Whether two of the block's children are alike (tag and class) and each holds a link and a price
   * below it: blocks of a row, not a buy box's own action links side by side.
   */
  const holdsRow = (block: Element): boolean => {
    const seen = new Set<string>();
    for (const child of block.children) {
      if (child.type !== 'tag') continue;
      const element = child as Element;
      if (!tree.linkBelow(element) || isRealLink(element) || !showsPrice(element)) continue;
      const kind = `${element.name}.${element.attribs.class ?? ''}`;
      if (seen.has(kind)) return true;
      seen.add(kind);
    }
    return false;
  };
  /** Whether the block, or a wrapper of it, has a sibling of its tag and class that holds a link and a price too. */
  const repeated = (block: Element): boolean => {
    for (
      let node: Element | null = block, depth = 0;
      node && depth < 3;
      node = node.parent as Element | null, depth++
    ) {
      const parent = node.parent as Element | null;
      if (!parent || parent.name === 'body') return false;
      const kind = node.attribs.class ?? '';
      for (const sibling of parent.children)
        if (
          sibling !== node &&
          sibling.type === 'tag' &&
          (sibling as Element).name === node.name &&
          ((sibling as Element).attribs.class ?? '') === kind &&
          (tree.linkBelow(sibling as Element) || isRealLink(sibling as Element)) &&
          showsPrice(sibling as Element)
        )
          return true;
    }
    return false;
  };

  /**
   * Whether the element follows a short label naming an old price (`<span>Was:</span> <span>$20</span>`);
   * a sibling's letters are counted before its text is read, so a long sibling costs nothing.
   */
  const labelledStruck = (element: Element): boolean => {
    for (let node = element.prev; node; node = node.prev) {
      if (isTag(node)) {
        // A hidden row ("RRP:" with no amount on a page that shows none) labels nothing shown.
        if (isUnseen(node)) continue;
        const letters = tree.lettersOf(node) ?? 0;
        if (letters === 0) continue;
        return letters <= 20 && namesStruckPrice(cleanText(textOf(node)));
      }
      if (node.type === 'text') {
        const text = cleanText((node as Text).data);
        if (text !== '') return text.length <= 20 && namesStruckPrice(text);
      }
    }
    return false;
  };

  const addOns = addOnBoxes(page, tree);

  const priced: PricedElement[] = [];
  const struckDepth = new Set<Element>();
  for (const [index, element] of all.entries()) {
    if (index % 256 === 0) checkDeadline(deadline);
    if (SKIPPED.has(element.name) || CHOICES.has(element.name)) continue;
    const parent = element.parent as Element | null;
    if (isStruckPrice(element) || (parent && struckDepth.has(parent))) {
      struckDepth.add(element);
      continue;
    }
    // An add-on's price ("Include 3-Year Accident Protection for $17.98") is no more the product's
    // than an old one: it is passed over with all it holds.
    if (addOns.has(element)) {
      struckDepth.add(element);
      continue;
    }
    const priceAttribute = element.attribs['data-price'] ?? element.attribs['data-price-amount'];
    const hasAttribute = priceAttribute !== undefined && PRICE_ATTRIBUTE.test(priceAttribute);
    if (!hasAttribute) {
      // Without a digit below it the element shows no price: its text need not be read.
      if (!tree.digitBelow[index]) continue;
      const text = shortText(element, 40);
      if (!text || !/\d/.test(text)) continue;
      // An old price named by its words ("Was: $149.99"), or set after a label that names it so,
      // is struck as much as one the markup strikes through.
      if ((opensWithStruckPrice(text) && !/\d/.test(withoutStruckWording(text))) || labelledStruck(element)) {
        struckDepth.add(element);
        continue;
      }
      // A text price must name its currency; headings and blocks holding the heading are not
      // prices ("Under $50" over a row), unless the markup names the heading a price or the
      // heading sits in the main heading's own block (a template that sets the price in an h5 for
      // its size, under class names of its own).
      if (
        (/^h[1-6]$/.test(element.name) &&
          (element === h1 ||
            (!/price/i.test(element.attribs.class ?? '') &&
              regionWith(element) > PRICE_HEADING_BLOCK_LETTERS))) ||
        currencyInText(text, context.country) === null
      )
        continue;
    }
    if (containsH1(element)) continue;
    const price = priceOfElement(element, context);
    if (price) priced.push({ element, price });
  }
  // Keep the deepest priced elements, then widen each while its block still shows just that price.
  const abovePriced = new Set<Element>();
  for (const candidate of priced) {
    for (let node = candidate.element.parent as Element | null; node; node = node.parent as Element | null) {
      if (abovePriced.has(node)) break;
      abovePriced.add(node);
    }
  }
  const pricedElements = new Set(priced.map((candidate) => candidate.element));
  // Cards of a row each show a price: rows of a buy box's layout (a bid form, a "Resume bidding"
  // link beside it) are alike blocks with links too, but only one of them shows the price.
  const showsPrice = (element: Element): boolean => abovePriced.has(element) || pricedElements.has(element);
  const deepest = priced.filter((candidate) => !abovePriced.has(candidate.element));
  const widened = new Map<Element, PricedElement>();
  for (const candidate of deepest) {
    let current = candidate;
    for (
      let node = candidate.element.parent as Element | null;
      node && node.type === 'tag';
      node = node.parent as Element | null
    ) {
      if (node.name === 'body' || containsH1(node) || shortText(node, 80) === null) break;
      const price = priceOfElement(node, context);
      // The top of a range widens into the block showing the whole range, as its bottom does.
      if (!price || (price.amount !== candidate.price.amount && price.max !== candidate.price.amount)) break;
      current = { element: node, price };
    }
    widened.set(current.element, current);
  }
  const mainPrices = [...widened.values()].filter((candidate) => !inCard(candidate.element));
  const cardLinks = new Set<string>();
  for (const candidate of widened.values()) {
    const card = cardAncestor(candidate.element);
    const href = card ? $(card).find(REAL_LINK).first().attr('href') : undefined;
    const link = href ? URL.parse(href, page.url) : null;
    if (link) {
      link.hash = '';
      cardLinks.add(link.href);
    }
  }
  const buyButtons = controls.filter((element) => !inCard(element));
  return { h1, mainPrices, cardLinks: [...cardLinks], buyButtons, inCard, order, regionWith };
}

/** Characters of an add-on's box: its label and price ("Include 3-Year Accident Protection for $17.98"). */
const ADD_ON_LETTERS = 200;

const isCheckbox = (element: Element): boolean =>
  element.name === 'input' && element.attribs.type?.toLowerCase() === 'checkbox';

/**
 * The boxes the buyer ticks to add something to the product (a protection plan, insurance, gift
 * wrap): each checkbox's label (around it or naming it by `for`), else the block it opens, and the
 * small blocks around that add no number of their own. Shops offer such add-ons beside the buy
 * button, where the product's own price is looked for; a search filter's "Under $25" is no
 * product's price either.
 */
function addOnBoxes(page: Page, tree: SubtreeFacts): Set<Element> {
  const boxes = new Set<Element>();
  const checkboxes = elementsByTag(page.$, 'input').filter(isCheckbox);
  if (checkboxes.length === 0) return boxes;
  const labelFor = new Map<string, Element>();
  for (const label of elementsByTag(page.$, 'label'))
    if (label.attribs.for !== undefined) labelFor.set(label.attribs.for, label);
  const small = (element: Element | null): element is Element =>
    element !== null &&
    element.name !== 'body' &&
    tree.position(element) !== undefined &&
    (tree.lettersOf(element) ?? 0) <= ADD_ON_LETTERS;
  for (const checkbox of checkboxes) {
    const wrapping = checkbox.parent as Element | null;
    const label =
      (wrapping?.name === 'label' ? wrapping : null) ??
      (checkbox.attribs.id !== undefined ? (labelFor.get(checkbox.attribs.id) ?? null) : null);
    // Without a label, the block the checkbox opens ("☐ Add a 2-year warranty $12.50") is its box.
    const opened = wrapping?.children.find(isTag) === checkbox ? wrapping : null;
    let box: Element | null = label ?? opened;
    if (!small(box)) continue;
    boxes.add(box);
    // A wrapper belongs to the add-on while all its other content shows no number.
    for (let parent = box.parent as Element | null; small(parent); parent = parent.parent as Element | null) {
      const from: Element = box;
      const others = parent.children.some(
        (child) =>
          child !== from &&
          (child.type === 'text'
            ? DIGIT.test(child.data)
            : isTag(child) && tree.digitBelow[tree.position(child) ?? -1] === 1),
      );
      if (others) break;
      boxes.add(parent);
      box = parent;
    }
  }
  return boxes;
}

/**
 * The body's elements in document order: the run of the page's element list (walked once per page)
 * from the body to the first element after it, instead of a walk of its own.
 */
function bodyElements($: CheerioAPI): Element[] {
  const body = elementsByTag($, 'body')[0];
  if (!body) return [];
  const { all } = pageElements($);
  const start = all.indexOf(body) + 1;
  const after = elementAfter(body);
  return all.slice(start, after ? all.indexOf(after, start) : all.length);
}

/** The first element after an element and all it holds, in document order. */
function elementAfter(element: Element): Element | null {
  for (let node: AnyNode | null = element; node; node = node.parent) {
    for (let sibling = node.next; sibling; sibling = sibling.next) if (isTag(sibling)) return sibling;
  }
  return null;
}

/**
 * Each element's index in its page's body list, kept on the element under a key of this module's
 * own: a Map from 180,000 elements to their indexes cost more than all the rest of the anatomy of a
 * flat page, and asking the list for each element costs its length. The list is the page's element
 * list, built once per page (page-elements.ts), so every anatomy of the page numbers it alike.
 */
const POSITION = Symbol('anatomy position');
type Indexed = Element & { [POSITION]?: number };

interface SubtreeFacts {
  /** An element's index in the body's elements (its position in document order). */
  position(element: Element): number | undefined;
  /** Characters other than whitespace in an element's text (script and style included, as textOf). */
  lettersOf(element: Element): number | undefined;
  /** Whether an element holds a real link below it. */
  linkBelow(element: Element): boolean;
  /** By index: whether the element's text holds a digit (0–9). */
  digitBelow: Uint8Array;
}

const isRealLink = (element: Element): boolean => {
  const href = element.attribs.href;
  return (
    element.name === 'a' &&
    href !== undefined &&
    href !== '' &&
    !href.startsWith('#') &&
    !/^javascript/i.test(href)
  );
};

/**
 * What the anatomy asks of each element's subtree, in one pass from the last element to the first
 * (children before their parents): asking each element for its whole text instead costs the depth
 * times the elements. Facts are kept by index in typed arrays, and an element's children found by
 * index (the first follows it, each next one follows the last one's subtree), so the pass makes no
 * lookups by element and little garbage.
 */
function subtreeFacts(all: readonly Element[], deadline: number): SubtreeFacts {
  for (let index = 0; index < all.length; index++) (all[index] as Indexed)[POSITION] = index;
  const size = new Uint32Array(all.length);
  const letters = new Float64Array(all.length);
  const links = new Uint8Array(all.length);
  const digitBelow = new Uint8Array(all.length);
  for (let index = all.length - 1; index >= 0; index--) {
    if (index % 1024 === 0) checkDeadline(deadline);
    const element = all[index] as Element;
    let count = 0;
    let link = 0;
    let digit = 0;
    let next = index + 1;
    for (const child of element.children) {
      if (child.type === 'text') {
        const text = child.data;
        for (let i = 0; i < text.length; i++) {
          const code = text.charCodeAt(i);
          if (isSpace(code)) continue;
          count++;
          if (code >= 48 && code <= 57) digit = 1;
        }
      } else if ('attribs' in child) {
        // The child is the element at `next`: the page's element list holds every element in order.
        count += letters[next] as number;
        if (links[next] || isRealLink(child)) link = 1;
        digit |= digitBelow[next] as number;
        next += size[next] as number;
      } else if ('children' in child && DIGIT.test(textOf(child))) digit = 1;
    }
    size[index] = next - index;
    letters[index] = count;
    links[index] = link;
    digitBelow[index] = digit;
  }
  // Every anatomy of a page numbers the same cached list alike; an element left unnumbered is
  // outside the body.
  const position = (element: Element): number | undefined => (element as Indexed)[POSITION];
  return {
    position,
    lettersOf: (element) => {
      const index = position(element);
      return index === undefined ? undefined : letters[index];
    },
    linkBelow: (element) => {
      const index = position(element);
      return index !== undefined && links[index] === 1;
    },
    digitBelow,
  };
}

const DIGIT = /\d/;

/** The characters of the regular expression class `\s`: Unicode spaces and line terminators. */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return (
    code === 160 ||
    code === 5760 ||
    (code >= 8192 && code <= 8202) ||
    code === 8232 ||
    code === 8233 ||
    code === 8239 ||
    code === 8287 ||
    code === 12288 ||
    code === 65279
  );
}

/**
 * What `button, input[type="submit"], input[type="button"], a.button, a.btn, a[class*="cta"],
 * [role="button"]` selects (an input's type compared in any case, as CSS does), tested on the
 * page's element list: the selector query walked the whole document again. 'acting' is a link
 * that runs a script or goes to the basket: it acts rather than leads elsewhere, and shops style
 * such links as buttons under class names of their own, so its target says what its class may not.
 */
function controlKind(element: Element): 'control' | 'acting' | null {
  const { name, attribs } = element;
  if (name === 'button' || attribs.role === 'button') return 'control';
  if (name === 'input') {
    const type = attribs.type?.toLowerCase();
    return type === 'submit' || type === 'button' ? 'control' : null;
  }
  if (name !== 'a') return null;
  const classes = attribs.class;
  if (classes !== undefined && (CONTROL_CLASS.test(classes) || classes.includes('cta'))) return 'control';
  const href = attribs.href;
  return href === undefined || href === '#' || ACTING_HREF.test(href) ? 'acting' : null;
}

const ACTING_HREF = /^javascript:|[/?&](?:cart|basket|checkout)\b/i;
/**
 * Characters of a buy link's label: a button says "Add to cart"; a link around a whole block that
 * holds those words beside a stock notice is the block, not its button.
 */
const ACTING_LABEL_LETTERS = 32;

const CONTROL_CLASS = /(?:^|\s)(?:button|btn)(?:$|\s)/;

/** Add-to-cart controls anywhere on the page (product cards' included): a cheap sign that the page sells. */
function buyControls(page: Page): Element[] {
  const { $ } = page;
  return pageElements($).all.filter((element) => {
    const kind = controlKind(element);
    if (kind === null) return false;
    const label = cleanText(element.attribs.value ?? textOf(element));
    if (kind === 'acting')
      // A link holding a label per state holds the buy words too: its labels are read only then.
      return BUY_WORDS.test(label) && (label.length <= ACTING_LABEL_LETTERS || stateLabels(element) !== null);
    const attributes = `${element.attribs.class ?? ''} ${element.attribs.name ?? ''} ${element.attribs.id ?? ''}`;
    const inCartForm = $(element)
      .closest('form')
      .attr('action')
      ?.match(/cart|basket|kosik|warenkorb|panier|koszyk|kosaric|kupi/i);
    return (
      BUY_WORDS.test(label) ||
      BUY_ATTRIBUTES.test(attributes) ||
      (!!inCartForm && element.attribs.type === 'submit')
    );
  });
}

/** Labels a button holds for the states its script switches between (can buy, check a store, unavailable). */
const STATE_LABELS = 4;

/**
 * `<a href="#"><span>Dodaj do koszyka</span><span>Sprawdź dostępność w sklepie</span><span>Produkt
 * niedostępny</span></a>`: a buy link holding a label per state, each short and in an element of
 * its own, the first a buy label, of which the shop's script shows one. Its labels, the shown one
 * first; null for any other element. A link around a product's block holds a picture or a price,
 * or runs its words together in one text.
 */
export function stateLabels(link: Element): string[] | null {
  if (link.name !== 'a' || link.children.some((child) => child.type === 'text' && child.data.trim() !== ''))
    return null;
  const labels: string[] = [];
  for (const child of link.children) {
    if (!isTag(child)) continue;
    if (child.name === 'img' || child.name === 'picture') return null;
    const label = cleanText(textOf(child));
    if (label === '') continue;
    if (label.length > ACTING_LABEL_LETTERS || DIGIT.test(label)) return null;
    labels.push(label);
  }
  return labels.length >= 2 && labels.length <= STATE_LABELS && BUY_WORDS.test(labels[0] as string)
    ? labels
    : null;
}
