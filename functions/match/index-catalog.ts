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
    for (const word of product.words) post(index.words, word, i);
    for (const code of product.codes) {
      post(index.codes, code, i);
      for (let length = minContainedCode; length < code.length; length++) {
        post(index.codeEnds, code.slice(0, length), i);
        post(index.codeEnds, code.slice(-length), i);
      }
    }
    if (product.gtin) post(index.gtins, product.gtin, i);
    for (const gtin of product.textGtins) post(index.gtins, gtin, i);
  });
  return index;
}

function post(postings: Map<string, number[]>, term: string, product: number): void {
  const list = postings.get(term);
  if (!list) postings.set(term, [product]);
  else if (list[list.length - 1] !== product) list.push(product);
}
