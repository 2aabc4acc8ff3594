import type { AnyNode, Element } from 'domhandler';
import { normaliseGtin } from '#core/normalise-gtin';
import { cleanText } from './clean-text.ts';
import { pageElements } from './page-elements.ts';
import type { Page } from './read-page.ts';
import { textOf } from './text-of.ts';

/** The elements whose leading text may be a label ("EAN:", "Brand") of an identifier. */
const LABEL_HOLDERS: ReadonlySet<string> = new Set([
  'th',
  'td',
  'dt',
  'dd',
  'p',
  'span',
  'b',
  'strong',
  'label',
  'div',
  'li',
]);

/**
 * Labels of the identifier a marketplace or classifieds site gives its own listing: where a page
 * shows one, it is the reference, over a generic "Artikelnummer" that such sites show among the
 * maker's details.
 */
const LISTING_LABEL =
  /^(?:asin|post id|ad id|listing id|item id|item number|ebay item number|numéro de l'objet ebay)$/i;

/**
 * The label that names the shop's own code by the word shop platforms and schema.org use for it:
 * where a page shows one, it is the reference over a listing's "Item Number", which shops print
 * among the maker's details as well (a specification's "Item Number: BNV250CRO1BUC1").
 */
const OWN_CODE_LABEL = /^sku$/i;

/**
 * Labels of the shop's own product identifier, as pages show it beside the value, in the languages
 * of the shops read so far and their neighbours: an unseen shop labels its code the way its
 * country's shops do ("Tootekood", "Produkta kods", "Nr ref.", "딜번호", "商品編號").
 */
const SKU_LABEL =
  /^(?:sku|asin|post id|ad id|listing id|item id|item number|ebay item number|numéro de l'objet ebay|artikel-?nummer|art\.|art\.?-?nr\.?|artikel-nr\.?|article number|article no\.?|art\.? no\.?|product code|product number|product no\.?|product id|item code|item no\.?|item #|style(?: #| no\.?| number)|référence|réf\.?|ref\.?|reference|référence produit|code produit|código|código (?:del )?producto|cód\.?|codice articolo|codice prodotto|cod\.? art\.?|cod produs|kod produktu|kod towaru|numer katalogowy|nr katalogowy|nr ref\.?|numer referencyjny|indeks|kód produktu|kód zboží|kód|katalogové číslo|objednací číslo|artikelnr\.?|art\.?nr\.?|produktnummer|varenummer|varenr\.?|varunummer|tuotenumero|tuotekoodi|tootekood|toote kood|produkta kods|preces kods|prekės kodas|cikkszám|termékkód|šifra|šifra proizvoda|šifra artikla|šifra izdelka|ürün kodu|stok kodu|κωδικός(?: προϊόντος)?|артикул|код товара|код продукта|код|арт\.?|קוד מוצר|מק"ט|رمز المنتج|商品編號|商品编号|商品番号|品番|货号|型番|상품번호|딜번호|품번|mã sản phẩm|mã sp|รหัสสินค้า)$/i;

/** Labels of the brand in specification rows. */
const BRAND_LABEL =
  /^(?:brand|make|marke|marca|marcă|marque|merk|merkki|märke|varumärke|mærke|merke|márka|značka|marka|kaubamärk|zīmols|prekės ženklas|бренд|марка)$/i;

/** Labels of the maker, read as the brand only where the page labels no brand: it is often the company behind it. */
const MAKER_LABEL =
  /^(?:make\/manufacturer|manufacturer|hersteller|fabricante|produttore|fabricant|tootja|ražotājs|gamintojas|proizvođač|valmistaja|producător|výrobce|производитель|производител)$/i;

/** Labels of the manufacturer's part or model number in specification rows. */
const MPN_LABEL =
  /^(?:mpn|model|model number|model no\.?|item model number|model name ?\/ ?number|manufacturer part number(?: \(mpn\))?|mfr part (?:no\.?|number)|part number|modellnummer|herstellernummer|hersteller-artikelnummer|herstellerreferenz|numero modello(?: articolo)?|numéro du modèle(?: de l'article)?|référence fabricant|número de modelo(?: del producto)?|código del fabricante|kód výrobce|kód výrobcu|kod producenta|модель|артикул производителя)$/i;

/**
 * Labels of the colour a variant picker shows as chosen ("<label>Couleur : <span>noir</span>"), in
 * the languages of the shops read so far and their neighbours.
 */
const COLOUR_LABEL =
  /^(?:colou?r|couleur|farbe|colore|kleur|färg|farve|farge|väri|värv|krāsa|spalva|szín|barva|kolor|culoare|boja|renk|cor|цвет|колір|цвят|χρώμα|צבע|اللون|カラー|색상|颜色|顏色)$/i;

/** Labels of the barcode number (read only with a valid check digit). */
const GTIN_LABEL =
  /^(?:ean|ean-?13|ean code|ean-code|ean kód|kód ean|kod ean|gtin|gtin-?13|upc|isbn|isbn-?13|barcode|čárový kód|штрихкод|штрих-код)$/i;

/** Markup that names an element as the product's displayed reference (`data-qa-qualifier="product-reference"`). */
const REFERENCE_MARKUP = /product[-_]?(?:reference|code|ref|sku)\b/i;

const CODE = /^[\p{L}\p{N}][\p{L}\p{N}\-_./]{1,39}$/u;
const VALUE = /^[\p{L}\p{N}][\p{L}\p{N}\-_./ ]{1,39}$/u;
/** What ends a label: a colon, a hash, or a dash ("Product Code - 39139301"). */
const LABEL_END = /\s*[:：#\-–]?\s*$/;

export interface LabelledIdentifiers {
  brand: string | null;
  gtin: string | null;
  sku: string | null;
  mpn: string | null;
  /** The colour the page labels as chosen, where it shows one. */
  colour: string | null;
}

/**
 * The brand, the barcode (with a valid check digit), the shop's identifier, the maker's part
 * number and the chosen colour as the page shows them to the buyer: the text after a label ("<th>ASIN</th><td>B07…</td>",
 * "<dt>SKU:</dt><dd>…</dd>", "Ref : <span>VE900</span>"), a label and its value in one text
 * ("Product code: 46286401"), or an element the markup names as the product reference. The first
 * per field, in one pass over the page's short text nodes; for the reference, a listing id first.
 */
export function labelledIdentifiers(page: Page): LabelledIdentifiers {
  let brand: string | null = null;
  let maker: string | null = null;
  /**
   * Shown references in document order; `own` when the label is the shop code's own word, `listing`
   * when it names the listing's id.
   */
  const references: { value: string; own?: boolean; listing: boolean }[] = [];
  let mpn: string | null = null;
  let gtin: string | null = null;
  let colour: string | null = null;
  for (const element of pageElements(page.$).all) {
    if (!LABEL_HOLDERS.has(element.name)) continue;
    const first = element.children[0];
    // Templates indent labels with long runs of whitespace: only the cleaned text must be short.
    if (first?.type !== 'text' || first.data.length > 400) continue;
    // Direction marks sit around labels of right-to-left-ready layouts ("Item model number ‏ : ‎").
    const text = cleanText(first.data.replace(/[\u200e\u200f]/g, ''));
    if (!text || text.length > 60) continue;
    if (element.children.length === 1 && REFERENCE_MARKUP.test(markupOf(element)) && CODE.test(text))
      references.push({ value: text, listing: false });
    const label = text.replace(LABEL_END, '');
    const after = (): string =>
      cleanText(textOf(element.children.length === 1 ? valueAfter(element) : nextValue(first)));
    if (SKU_LABEL.test(label)) {
      const value = shortValue(after());
      if (value)
        references.push({ value, own: OWN_CODE_LABEL.test(label), listing: LISTING_LABEL.test(label) });
    } else if (brand === null && BRAND_LABEL.test(label)) brand = shortValue(after());
    else if (maker === null && MAKER_LABEL.test(label)) maker = shortValue(after());
    else if (mpn === null && MPN_LABEL.test(label)) mpn = shortValue(after());
    else if (gtin === null && GTIN_LABEL.test(label)) gtin = normaliseGtin(after());
    else if (colour === null && COLOUR_LABEL.test(label)) colour = shortValue(after());
    else if (element.children.length === 1) {
      const code = inlineCode(text);
      if (code) references.push({ value: code, listing: false });
    }
    if (brand !== null && mpn !== null && references.some((reference) => reference.own || reference.listing))
      break;
  }
  // The shop's code by its own word first, then the listing's own id; else the first shown reference
  // that does not repeat the labelled model number (a marketplace shows the maker's number under a
  // generic label too).
  const sku =
    references.find((reference) => reference.own) ??
    references.find((reference) => reference.listing) ??
    references.find((reference) => reference.value !== mpn) ??
    references[0];
  return { brand: brand ?? maker, gtin, sku: sku?.value ?? null, mpn, colour };
}

function markupOf(element: Element): string {
  const { attribs } = element;
  return `${attribs.class ?? ''} ${attribs.id ?? ''} ${attribs['data-qa-qualifier'] ?? ''} ${attribs['data-testid'] ?? ''}`;
}

/**
 * The value after a label element; a label alone in its cell ("<td><span>Marke</span></td>
 * <td>WELEDA</td>") has its value after the cell.
 */
function valueAfter(label: Element): AnyNode | null {
  let holder = label;
  for (let depth = 0; depth < 3; depth++) {
    const next = nextValue(holder);
    const parent = holder.parent;
    if (next || parent?.type !== 'tag' || cleanText(textOf(parent)) !== cleanText(textOf(holder)))
      return next;
    holder = parent;
  }
  return null;
}

/**
 * The value after a label node: the next element, or text standing after it ("<strong>Code -
 * </strong>39139301"), past comments a page's renderer leaves between them ("AD ID<!-- -->1021…").
 */
function nextValue(element: AnyNode): AnyNode | null {
  let node = element.next;
  while (node && node.type !== 'tag' && !(node.type === 'text' && node.data.trim() !== '')) node = node.next;
  return node;
}

/**
 * "Product code: 46286401" → "46286401"; "Produkta kods 545642356": a label and its code in one
 * text need no colon where the label is one of the list and the code holds a digit.
 */
function inlineCode(text: string): string | null {
  const labelled = /^(.{2,30}?)\s*[:：#]?\s*(\S+)$/.exec(text);
  if (!labelled || !SKU_LABEL.test(labelled[1] as string)) return null;
  return codeOf(labelled[2] as string);
}

function codeOf(value: string): string | null {
  return CODE.test(value) && /\d/.test(value) ? value : null;
}

function shortValue(value: string): string | null {
  return VALUE.test(value) ? value : null;
}
