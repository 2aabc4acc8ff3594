import type { ProductFeatures } from './describe-product.ts';
import { minContainedCode } from './min-contained-code.ts';

/** Inverted indexes of one catalog: which products carry a word, a code, a code's end or a GTIN. */
export interface CatalogIndex {
  products: readonly ProductFeatures[];
  words: Map<string, number[]>;
  codes: Map<string, number[]>;
  /** Prefixes and suffixes of longer codes, so "rk15313" finds "essrk15313" and the reverse. */
  codeEnds: Map<string, number[]>;
  /** GTIN fields and GTINs written in the text (`textGtins`). */
  gtins: Map<string, number[]>;
}

/** The posting lists a product is listed in, by kind. */
export type PostingKind = 'words' | 'codes' | 'codeEnds' | 'gtins';

/** Indexes a catalog once per run; lookups then cost the length of a posting list, not the catalog. */
export function indexCatalog(products: readonly ProductFeatures[]): CatalogIndex {
  const index: CatalogIndex = {
    products,
    words: new Map(),
    codes: new Map(),
    codeEnds: new Map(),
    gtins: new Map(),
  };
  products.forEach((product, i) => {
    postingKeys(product, (kind, term) => post(index[kind], term, i));
  });
  return index;
}

/**
 * How long each posting list of a whole catalog is, without the lists: what a part of the catalog
 * is told so that its lookups rank terms as a lookup in the whole catalog does.
 */
export interface PostingLengths {
  products: number;
  words: Map<string, number>;
  codes: Map<string, number>;
  codeEnds: Map<string, number>;
}

/** Counts one more product of the catalog into its posting lengths (a product counts once per list). */
export function addPostingLengths(lengths: PostingLengths, product: ProductFeatures): void {
  lengths.products++;
  const seen = new Set<string>();
  postingKeys(product, (kind, term) => {
    if (kind === 'gtins' || seen.has(`${kind}\n${term}`)) return;
    seen.add(`${kind}\n${term}`);
    lengths[kind].set(term, (lengths[kind].get(term) ?? 0) + 1);
  });
}

/** Every posting list the product is listed in. */
function postingKeys(product: ProductFeatures, visit: (kind: PostingKind, term: string) => void): void {
  for (const word of product.words) visit('words', word);
  for (const code of product.codes) {
    visit('codes', code);
    for (let length = minContainedCode; length < code.length; length++) {
      visit('codeEnds', code.slice(0, length));
      visit('codeEnds', code.slice(-length));
    }
  }
  if (product.gtin) visit('gtins', product.gtin);
  for (const gtin of product.textGtins) visit('gtins', gtin);
}

function post(postings: Map<string, number[]>, term: string, product: number): void {
  const list = postings.get(term);
  if (!list) postings.set(term, [product]);
  else if (list[list.length - 1] !== product) list.push(product);
}
