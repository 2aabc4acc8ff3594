import type { AnyNode, Element } from 'domhandler';
import type { Availability } from '#core/product-record';
import { cleanText } from './clean-text.ts';
import { mainHeading } from './main-heading.ts';
import { descendantsOf, pageElements } from './page-elements.ts';
import { readAvailability } from './read-availability.ts';
import type { Page } from './read-page.ts';
import { isUnseen, textOf } from './text-of.ts';

const STOCK_WORD = /availability|stock/i;

/** An element whose id or class names availability or stock, or that is a microdata availability. */
const isStockBlock = (element: Element) =>
  STOCK_WORD.test(element.attribs.id ?? '') ||
  STOCK_WORD.test(element.attribs.class ?? '') ||
  element.attribs.itemprop === 'availability';

/**
 * The stock statement the page shows in a block its markup names for availability or stock
 * ("<div id="availability"><span>Derzeit nicht verfügbar.</span> Ob und wann …</div>"): the first
 * such block whose first sentence reads as a stock state.
 */
export function shownAvailability(page: Page): Exclude<Availability, 'UNKNOWN'> | null {
  for (const element of pageElements(page.$).all) {
    if (!isStockBlock(element)) continue;
    if (element.name === 'script' || element.name === 'style' || element.name === 'link') continue;
    const content = element.attribs.content ?? element.attribs.href;
    const text = content ?? cleanText(textOf(element, ' ', isUnseen));
    const first = text.split(/[.!|\n]/).find((part) => part.trim() !== '') ?? '';
    const availability = readAvailability(first);
    if (availability && availability !== 'UNKNOWN') return availability;
  }
  return null;
}

/** Letters of the product's own block around its main heading: more is the page, not the product. */
const PRODUCT_BLOCK_LETTERS = 3000;
/** Letters of a stock sentence's element: a notice, not a description paragraph. */
const NOTICE_LETTERS = 200;

/**
 * "Immagine non disponibile", "Image not available": a picture missing from the gallery, not the
 * product. A statement naming a picture or video before its stock words says nothing of stock.
 */
const ABOUT_A_PICTURE =
  /^(?:\S+\s+)?(?:image|immagine|imagen|imagem|bild|photo|foto|picture|video|vidéo|изображение|фото|zdjęcie|obrázek|obrázok|kuva|pilt|attēls)\b/iu;

/**
 * Labels of a stock line ("Availability: This item is currently unavailable!", "Наличие: нет"), in
 * the languages of the shops read so far and their neighbours. A line so labelled in the product's
 * block states the product's own stock, where an unlabelled notice beside a price is as often an
 * option's.
 */
const STOCK_LABEL =
  /^(?:availability|stock|stock status|in stock|disponibilité|disponibilidad|disponibilità|disponibilidade|verfügbarkeit|lieferbarkeit|lagerstatus|dostupnost|dostupnosť|dostępność|beschikbaarheid|tillgänglighet|saatavuus|saadavus|pieejamība|prieinamumas|elérhetőség|stok durumu|наличие|наявність|наличност|наличност в магазина|διαθεσιμότητα|זמינות|מלאי|التوفر|在庫|在庫状況|재고|库存|庫存)\s*[:：]\s*(.*)$/iu;

/**
 * The product's own block: the widest block around its main heading within PRODUCT_BLOCK_LETTERS.
 */
function productBlock(page: Page): Element | null {
  const heading = mainHeading(page)?.element;
  if (!heading) return null;
  let block: Element = heading;
  for (let node = heading.parent; node?.type === 'tag'; node = node.parent) {
    const element = node as Element;
    if (element.name === 'body' || lettersOver(element, PRODUCT_BLOCK_LETTERS)) break;
    block = element;
  }
  return block;
}

/** The shown short texts of the block: elements holding text of their own, notices not paragraphs. */
function* noticesIn(block: Element): Generator<{ element: Element; text: string }> {
  for (const element of descendantsOf(block)) {
    if (isUnseen(element) || !element.children.some((child) => child.type === 'text' && child.data.trim()))
      continue;
    if (lettersOver(element, NOTICE_LETTERS)) continue;
    yield { element, text: cleanText(textOf(element, ' ', isUnseen)) };
  }
}

function firstSentence(text: string): string {
  return text.split(/[.!|\n]/).find((part) => part.trim() !== '') ?? '';
}

/**
 * "Vabandame, antud toode pole hetkel saadaval.": a sold-out notice the page shows in the product's
 * own block though its markup names no stock block. Only "sold out" is read here: a block's
 * "Available in 3 colours" or a variant's "in stock" says less about the product than a notice that
 * it cannot be bought.
 */
export function soldOutNearHeading(page: Page): 'OUT_OF_STOCK' | null {
  const block = productBlock(page);
  if (!block) return null;
  for (const { text } of noticesIn(block)) {
    const first = firstSentence(text);
    if (!ABOUT_A_PICTURE.test(first) && readAvailability(first) === 'OUT_OF_STOCK') return 'OUT_OF_STOCK';
  }
  return null;
}

/**
 * The stock line the product's block labels as such ("Availability: This item is currently
 * unavailable!", "<dt>Наличие:</dt><dd>нет в наличии</dd>"), in stock or not: the label says whose
 * stock it is, so it is read beside a price too.
 */
export function labelledStockNearHeading(page: Page): Exclude<Availability, 'UNKNOWN'> | null {
  const block = productBlock(page);
  if (!block) return null;
  for (const { element, text } of noticesIn(block)) {
    const labelled = STOCK_LABEL.exec(text);
    if (!labelled) continue;
    const statement =
      (labelled[1] as string).trim() || cleanText(textOf(nextElement(element), ' ', isUnseen));
    const availability = readAvailability(firstSentence(statement));
    if (availability && availability !== 'UNKNOWN') return availability;
  }
  return null;
}

function nextElement(element: Element): Element | null {
  let node = element.next;
  while (node && node.type !== 'tag') node = node.next;
  return (node as Element | null) ?? null;
}

/** Whether the element's text has more than `max` letters, read only as far as needed. */
function lettersOver(element: Element, max: number): boolean {
  let count = 0;
  const stack: AnyNode[] = [element];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'text') {
      count += node.data.replace(/\s+/g, '').length;
      if (count > max) return true;
    } else if ('children' in node && !('attribs' in node && isUnseen(node as Element)))
      stack.push(...node.children);
  }
  return false;
}
