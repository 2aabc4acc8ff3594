import type { ProductRecord } from '#core/product-record';
import { asModelCode } from './as-model-code.ts';
import { findModelCodes } from './find-model-codes.ts';
import { foldText } from './fold-text.ts';
import { gtinKey } from './gtin-key.ts';
import { joinNumberGroups } from './join-number-groups.ts';
import { normaliseBrand } from './normalise-brand.ts';
import { type Quantity, readQuantities } from './read-quantities.ts';
import { firstToken, tokeniseWords } from './tokenise-words.ts';
import { variantTerms } from './variant-terms.ts';

/** The shortest MPN of letters only taken for a code: "ECSB", not "XL". */
/**
 * A lower-case letter of any script. Compiled once: tsx, which the bench runs under, writes a
 * literal with a Unicode property as a RegExp constructed wherever the literal stands.
 */
const lowerCase = /\p{Ll}/u;
const minLetterCode = 4;

/**
 * What the engine reads of a product: a product record has these fields; `description` is read where
 * a shop provides one (the product record has no field for it), and the price where given.
 */
export type MatchableProduct = Pick<ProductRecord, 'url' | 'name' | 'brand' | 'gtin' | 'mpn'> &
  Partial<Pick<ProductRecord, 'price' | 'currency' | 'price_from' | 'variant_attributes'>> & {
    description?: string | null;
  };

/** What the engine reads from a product record, computed once per product and run. */
export interface ProductFeatures {
  /** The product's key in its catalog (its URL). */
  key: string;
  gtin: string | null;
  /**
   * Valid GTINs written in the name or description ("UPC 036000291452"), padded as `gtin`, the
   * field's own left out: they confirm a match with a product whose GTIN field holds one, and never
   * conflict, as a description may name an accessory's or a pack's code.
   */
  textGtins: readonly string[];
  /** The MPN as a model code, null when it does not look like one. */
  mpn: string | null;
  brand: string | null;
  /** The brand field's words: they name the maker, not a colour ("US Brown Bear"). */
  brandWords: readonly string[];
  /**
   * Distinct word tokens of name and brand, and one token per quantity ("bytes=1.6e10"); a token
   * that is also a model code is left to `codes`, so it counts once.
   */
  words: string[];
  /**
   * The variant's attributes as terms (`variantTerms`: "variant:size=m"), also among `words`, so
   * blocking finds a shop's same variant among the siblings that share its name; empty without.
   */
  variant: readonly string[];
  /** Distinct model codes of the name and the MPN. */
  codes: string[];
  quantities: Quantity[];
  /** The name's first word, mostly the maker's name where no brand is given. */
  firstWord: string | null;
  /** Letters (of any script) and digits of the name run together. */
  compactName: string;
  /** The name's words of letters and digits, separated by single spaces: where a code may be spelled in words. */
  spacedName: string;
  /** Codes of letters only written with separators ("SPD-SL", "UAP-AC-M-PRO"), run together. */
  letterCodes: string[];
  /** Distinct runs of digits in the name, without leading zeros: "RX 5500 XT 8GB" -> 5500, 8. */
  numbers: string[];
  /** Letters and digits of name, MPN and description run together, to find a code however it is split ("SX10 IS"). */
  compact: string;
  /** The price, null where none is given or it is a "from" price (the lowest of a range). */
  price: number | null;
  /** The price's currency (ISO 4217), null where the shop names none. */
  currency: string | null;
}

/**
 * Reads the matching features of a product: name, brand, GTIN, MPN, description, and the price,
 * which leans the choice between look-alikes (`compare-prices.ts`). SKUs are shop-internal, and
 * availability changes without the product changing.
 */
export function describeProduct(product: MatchableProduct): ProductFeatures {
  const name = joinNumberGroups(foldText(product.name ?? ''));
  const { quantities, rest } = readQuantities(name);
  const brand = normaliseBrand(product.brand);
  const words = new Set(tokeniseWords(rest));
  const brandWords = product.brand ? tokeniseWords(foldText(product.brand)) : noWords;
  for (const word of brandWords) words.add(word);
  for (const { dimension, value } of quantities) words.add(`${dimension}=${value.toPrecision(3)}`);
  const variant = product.variant_attributes ? variantTerms(product.variant_attributes) : noWords;
  for (const term of variant) words.add(term);
  const mpn = product.mpn ? readMpn(product.mpn, brand) : null;
  const codes = new Set(findModelCodes(rest));
  if (mpn) codes.add(mpn);
  const description = joinNumberGroups(foldText(product.description ?? ''));
  const nameParts = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const compactName = nameParts.join('');
  const compact = removeAll(`${name} ${foldText(product.mpn ?? '')} ${description}`, /[^a-z0-9]+/);
  const gtin = gtinKey(product.gtin);
  return {
    key: product.url,
    gtin,
    textGtins: gtinsIn(`${name} ${description}`, gtin),
    mpn,
    brand,
    brandWords,
    words: [...words].filter((word) => !codes.has(word)),
    variant,
    codes: [...codes],
    quantities,
    firstWord: firstToken(name) ?? null,
    compactName,
    spacedName: nameParts.join(' '),
    letterCodes: [
      // Looked for only in a name with a hyphen, which every such code has.
      ...new Set(
        ((name.includes('-') ? name.match(/\b[a-z]+(?:-[a-z]+)+\b/g) : null) ?? []).map((code) =>
          code.replace(/-/g, ''),
        ),
      ),
    ].filter((code) => code.length >= 4),
    numbers: [...new Set((name.match(/\d+/g) ?? []).map((digits) => digits.replace(/^0+(?=\d)/, '')))],
    // Without MPN and description (most scraped products) the two are equal: kept once.
    compact: compact === compactName ? compactName : compact,
    price: readPrice(product),
    currency: product.currency ?? null,
  };
}

/** No brand field: one array for the many products without. */
const noWords: readonly string[] = [];

/** No GTINs in the text: one array for the many products without. */
const noGtins: readonly string[] = [];

/** Runs of 12 to 14 digits with a valid check digit (UPC-A, EAN-13, GTIN-14), other than `own`. */
function gtinsIn(text: string, own: string | null): readonly string[] {
  const runs = text.match(/(?<!\d)\d{12,14}(?!\d)/g);
  if (!runs) return noGtins;
  const found = new Set<string>();
  for (const run of runs) {
    const key = gtinKey(run);
    if (key && key !== own) found.add(key);
  }
  return found.size > 0 ? [...found] : noGtins;
}

function readPrice(product: MatchableProduct): number | null {
  if (!product.price || product.price_from) return null;
  const price = Number(product.price);
  return price > 0 && Number.isFinite(price) ? price : null;
}

/**
 * The MPN as a model code: letters and digits, or letters only where written in capitals as codes
 * are ("ECSB", "STP-FSA"; not "Flipout" or "Black", a name or a colour in the MPN field).
 */
function readMpn(mpn: string, brand: string | null): string | null {
  const text = withoutBrand(foldText(mpn), brand);
  const code = asModelCode(text);
  if (code || lowerCase.test(mpn)) return code;
  const letters = text.replace(/[^a-z]/g, '');
  return letters.length >= minLetterCode && letters.length === text.replace(/[\s./-]/g, '').length
    ? letters
    : null;
}

/**
 * The MPN without the maker's name that some shops write before it ("HP VZ346AA" -> "VZ346AA"): the
 * other shop's MPN and titles carry the code alone.
 */
function withoutBrand(mpn: string, brand: string | null): string {
  const [first, ...rest] = mpn.trim().split(/[\s-]+/);
  return brand && rest.length > 0 && first && normaliseBrand(first) === brand ? rest.join(' ') : mpn;
}

/**
 * The text without what the pattern matches, as one flat string: `replace` returns a chain of its
 * pieces, which costs several times the text's own size while a catalog's products are held.
 */
function removeAll(text: string, pattern: RegExp): string {
  return text.split(pattern).join('');
}
