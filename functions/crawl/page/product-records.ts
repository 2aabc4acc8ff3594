import { pageIdentity } from '#core/product-identity';
import type { ProductRecord, SourcedField } from '#core/product-record';
import type { ExtractionProfile } from '../learn/extraction-profile.ts';
import { extractProduct } from './extract-product.ts';
import { normaliseAmount } from './normalise-amount.ts';
import { normaliseCurrency } from './normalise-currency.ts';
import { countryNamedByPage, pageCountry } from './page-country.ts';
import { quantityTexts } from './parse-quantity.ts';
import type { Page } from './read-page.ts';
import { type PageVariants, readVariants, type VariantFields } from './read-variants.ts';
import { unitPrice } from './unit-price.ts';

/**
 * The records of one product page: one per variant the page offers (`readVariants`), else one, each
 * with its unit price. Empty when the page is not a product page.
 */
export function productRecords(
  page: Page,
  profile: ExtractionProfile,
  now: Date = new Date(),
): ProductRecord[] {
  const product = extractProduct(page, profile, now);
  if (!product) return [];
  const variants = readVariants(page, pageCountry(page) ?? profile.country ?? countryNamedByPage(page));
  const records = variants
    ? variantRecords(product, variants)
    : [{ ...product, variant_group: null, variant_attributes: null }];
  return records.map(withUnitPrice);
}

/**
 * The page's product once per variant: what the variant says of itself (identifiers, price, stock)
 * over what the page says of the product, whose name all variants keep (`variant_attributes` tell
 * them apart). Where a variant says nothing of its SKU, GTIN, MPN, price or stock, the
 * variant the page shows has the page's (a price only when it is not a range); the others have
 * none, never a sibling's.
 */
export function variantRecords(product: ProductRecord, found: PageVariants): ProductRecord[] {
  const group = pageIdentity(product);
  const { price_max: _max, price_from: _from, ...single } = product;
  // The variant the page shows (its address or selected option names it, else its SKU is the page's
  // product's) comes first, the rest in page order: a reader wanting one record per page takes the first.
  const byAddress = found.variants.findIndex((variant) => variant.shown);
  const shown =
    byAddress >= 0
      ? byAddress
      : found.variants.findIndex((variant) => variant.sku !== null && variant.sku === product.sku);
  const ordered =
    shown > 0
      ? [found.variants[shown] as VariantFields, ...found.variants.toSpliced(shown, 1)]
      : found.variants;
  return ordered.map((variant, index) => {
    // The page's own reading describes the variant it shows: its identifiers are that variant's too.
    const shownVariant = shown >= 0 && index === 0;
    const sku = variant.sku ?? (shownVariant ? product.sku : null);
    const gtin = variant.gtin ?? (shownVariant ? product.gtin : null);
    const mpn = variant.mpn ?? (shownVariant ? product.mpn : null);
    const currency = normaliseCurrency(variant.currency) ?? product.currency;
    const variantPrice =
      variant.price === null || Number(variant.price) === 0 ? null : normaliseAmount(variant.price, currency);
    const price = variantPrice ?? (shownVariant && !product.price_from ? product.price : null);
    // The variant's own values are from the variant source; identifiers are no sibling's.
    const source = { ...product.source };
    const own = (field: SourcedField, value: unknown) => {
      if (value !== null) source[field] = found.source;
    };
    if (sku === null) delete source.sku;
    if (gtin === null) delete source.gtin;
    if (mpn === null) delete source.mpn;
    if (price === null) delete source.price;
    own('sku', variant.sku);
    own('gtin', variant.gtin);
    own('mpn', variant.mpn);
    own('price', variantPrice);
    own('availability', variant.availability);
    return {
      ...single,
      sku,
      gtin,
      mpn,
      price,
      currency: variantPrice === null ? product.currency : currency,
      availability: variant.availability ?? (shownVariant ? product.availability : 'UNKNOWN'),
      image: variant.image ? (URL.parse(variant.image, product.url)?.href ?? product.image) : product.image,
      source,
      variant_group: group,
      variant_attributes: variant.attributes,
    };
  });
}

function withUnitPrice(record: ProductRecord): ProductRecord {
  const found = unitPrice(record.price, quantityTexts(record));
  return { ...record, unit_price: found?.unit_price ?? null, unit: found?.unit ?? null };
}
