import { describe, expect, it } from 'vitest';
import { untrainedProfile } from '#test/real-pages';
import { productRecords } from './product-records.ts';
import { readPage } from './read-page.ts';
import { MAX_VARIANTS } from './read-variants.ts';

const URL_ = 'https://shop.test/products/shirt';

const records = (head: string, body: string, url = URL_) =>
  productRecords(
    readPage(`<html lang="en-GB"><head><title>Shirt</title>${head}</head><body>${body}</body></html>`, url),
    untrainedProfile(url),
  );

const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

const group = (variants: unknown[], extra: Record<string, unknown> = {}) => ({
  '@context': 'https://schema.org',
  '@type': 'ProductGroup',
  name: 'Linen shirt',
  brand: { '@type': 'Brand', name: 'Flax' },
  productGroupID: 'SH',
  variesBy: ['https://schema.org/size', 'https://schema.org/color'],
  hasVariant: variants,
  ...extra,
});

const variant = (sku: string, size: string, color: string, price: string, availability = 'InStock') => ({
  '@type': 'Product',
  sku,
  gtin13: sku === 'SH-M-RED' ? '4006381333931' : undefined,
  size,
  color,
  offers: {
    '@type': 'Offer',
    price,
    priceCurrency: 'EUR',
    availability: `https://schema.org/${availability}`,
  },
});

describe('a page with variants gives one record per variant', () => {
  it('reads a JSON-LD ProductGroup: own SKU, GTIN, price and stock, one group, the attributes it varies by', () => {
    const read = records(
      jsonLd(
        group([
          variant('SH-M-RED', 'M', 'red', '29.90'),
          variant('SH-L-BLUE', 'L', 'blue', '31.90', 'OutOfStock'),
        ]),
      ),
      '<h1>Linen shirt</h1>',
    );
    expect(read).toHaveLength(2);
    expect(read[0]).toMatchObject({
      name: 'Linen shirt',
      brand: 'Flax',
      sku: 'SH-M-RED',
      gtin: '4006381333931',
      price: '29.90',
      currency: 'EUR',
      availability: 'IN_STOCK',
      variant_attributes: { size: 'M', colour: 'red' },
      unit_price: null,
      unit: null,
    });
    // A sold-out variant beside an in-stock one keeps its own stock, and no sibling's GTIN.
    expect(read[1]).toMatchObject({
      sku: 'SH-L-BLUE',
      gtin: null,
      price: '31.90',
      availability: 'OUT_OF_STOCK',
      variant_attributes: { size: 'L', colour: 'blue' },
    });
    expect(read[0]?.variant_group).toBe('https://shop.test/products/shirt');
    expect(read[1]?.variant_group).toBe(read[0]?.variant_group);
    expect(read[0]?.price_from).toBeUndefined();
    expect(read[1]?.source).toMatchObject({ sku: 'jsonld', price: 'jsonld', availability: 'jsonld' });
  });

  it("gives a group's offer to variants without their own, and a sibling's to none", () => {
    const read = records(
      jsonLd(
        group(
          [
            { '@type': 'Product', sku: 'SH-M', size: 'M' },
            { '@type': 'Product', sku: 'SH-L', size: 'L' },
          ],
          {
            offers: {
              '@type': 'Offer',
              price: '29.90',
              priceCurrency: 'EUR',
              availability: 'https://schema.org/InStock',
            },
          },
        ),
      ),
      '<h1>Linen shirt</h1>',
    );
    expect(read.map((record) => [record.sku, record.price, record.availability])).toEqual([
      ['SH-M', '29.90', 'IN_STOCK'],
      ['SH-L', '29.90', 'IN_STOCK'],
    ]);
  });

  it('reads a Product whose offers carry SKUs of their own', () => {
    const read = records(
      jsonLd({
        '@type': 'Product',
        name: 'Coffee beans',
        offers: [
          { '@type': 'Offer', sku: 'CB-250', name: '250 g', price: '6.50', priceCurrency: 'EUR' },
          { '@type': 'Offer', sku: 'CB-1000', name: '1 kg', price: '19.90', priceCurrency: 'EUR' },
        ],
      }),
      '<h1>Coffee beans</h1>',
    );
    expect(read.map((record) => [record.sku, record.price, record.unit_price, record.unit])).toEqual([
      ['CB-250', '6.50', '26.00', 'kg'],
      ['CB-1000', '19.90', '19.90', 'kg'],
    ]);
    expect(read[0]?.variant_attributes).toEqual({ variant: '250 g' });
  });

  it("gives the page's GTIN to the variant the page shows, and no sibling", () => {
    const read = records(
      jsonLd({
        '@type': 'Product',
        name: 'Coffee beans',
        sku: 'CB-250',
        gtin13: '4006381333931',
        offers: [
          { '@type': 'Offer', sku: 'CB-1000', name: '1 kg', price: '19.90', priceCurrency: 'EUR' },
          { '@type': 'Offer', sku: 'CB-250', name: '250 g', price: '6.50', priceCurrency: 'EUR' },
        ],
      }),
      '<h1>Coffee beans</h1>',
    );
    expect(read.map((record) => [record.sku, record.gtin])).toEqual([
      ['CB-250', '4006381333931'],
      ['CB-1000', null],
    ]);
  });

  it("reads Shopify's product JSON with its option names, prices in cents", () => {
    const product = {
      id: 8001,
      title: 'Linen shirt',
      options: ['Size', 'Color'],
      variants: [
        {
          id: 1,
          sku: 'S-M',
          option1: 'M',
          option2: 'Red',
          price: 2990,
          available: true,
          barcode: '4006381333931',
        },
        { id: 2, sku: 'S-L', option1: 'L', option2: 'Red', price: 3190, available: false },
      ],
    };
    const read = records(
      '',
      `<h1>Linen shirt</h1><p class="price">€29.90</p><button>Add to cart</button>
       <script type="application/json" data-product-json>${JSON.stringify(product)}</script>`,
    );
    expect(read.map((record) => [record.sku, record.gtin, record.price, record.availability])).toEqual([
      ['S-M', '4006381333931', '29.90', 'IN_STOCK'],
      ['S-L', null, '31.90', 'OUT_OF_STOCK'],
    ]);
    expect(read[1]?.variant_attributes).toEqual({ size: 'L', colour: 'Red' });
    expect(read[1]?.source?.price).toBe('shopify');
  });

  it('lists first the variant the page shows (the one its URL selects), the rest in page order', () => {
    const product = {
      id: 8001,
      title: 'Linen shirt',
      options: ['Size'],
      variants: ['S', 'M', 'L'].map((size, index) => ({
        id: index + 1,
        sku: `S-${size}`,
        option1: size,
        price: 2990,
      })),
    };
    const read = records(
      '',
      `<h1>Linen shirt</h1><p class="price">€29.90</p><button>Add to cart</button>
       <script type="application/json" data-product-json>${JSON.stringify(product)}</script>`,
      `${URL_}?variant=3`,
    );
    expect(read.map((record) => record.sku)).toEqual(['S-L', 'S-S', 'S-M']);
  });

  it("reads WooCommerce's data-product_variations, labels from its selects", () => {
    const variations = [
      {
        variation_id: 11,
        sku: 'OIL-500',
        display_price: 7.5,
        is_in_stock: true,
        attributes: { attribute_pa_size: '500-ml' },
      },
      {
        variation_id: 12,
        sku: 'OIL-1L',
        display_price: 13,
        is_in_stock: true,
        attributes: { attribute_pa_size: '1-l' },
      },
    ];
    const attribute = JSON.stringify(variations).replaceAll('"', '&quot;');
    const read = records(
      jsonLd({
        '@type': 'Product',
        name: 'Olive oil',
        offers: { '@type': 'AggregateOffer', lowPrice: '7.50', highPrice: '13.00', priceCurrency: 'EUR' },
      }),
      `<h1>Olive oil</h1>
       <form class="variations_form cart" data-product_id="10" data-product_variations="${attribute}">
         <label for="pa_size">Size</label>
         <select id="pa_size" name="attribute_pa_size"><option value="">Choose</option>
           <option value="500-ml">500 ml</option><option value="1-l">1 l</option></select>
       </form>`,
    );
    expect(
      read.map((record) => [record.sku, record.price, record.currency, record.variant_attributes]),
    ).toEqual([
      ['OIL-500', '7.50', 'EUR', { size: '500 ml' }],
      ['OIL-1L', '13.00', 'EUR', { size: '1 l' }],
    ]);
    expect(read.map((record) => [record.unit_price, record.unit])).toEqual([
      ['15.00', 'l'],
      ['13.00', 'l'],
    ]);
    expect(read[0]?.price_max).toBeUndefined();
  });

  it("lists the selected option first, with the page's identifiers where it has none of its own", () => {
    const read = records(
      jsonLd({
        '@type': 'Product',
        name: 'Panel 60 x 30 cm',
        sku: '4597',
        gtin13: '4006381333931',
        offers: { price: '32.00', priceCurrency: 'PLN' },
      }),
      `<h1>Panel 60 x 30 cm</h1>
       <select name="shape"><option value="a" data-price="25.99">30 x 30 cm</option>
         <option value="b" data-price="32.00" selected>60 x 30 cm</option></select>`,
      'https://shop.test/p/panel',
    );
    expect(
      read.map((record) => [record.sku, record.gtin, record.price, record.unit_price, record.unit]),
    ).toEqual([
      ['4597', '4006381333931', '32.00', '177.78', 'm2'],
      [null, null, '25.99', '288.78', 'm2'],
    ]);
  });

  it('reads a select whose options carry their own price', () => {
    const read = records(
      '',
      `<h1>Honey</h1><p class="price">4,99 €</p><button>In den Warenkorb</button>
       <label for="v">Größe:</label>
       <select id="v" name="variant"><option value="">Bitte wählen</option>
         <option value="a" data-price="4.99" data-sku="H-250">250 g – 4,99 €</option>
         <option value="b" data-price="8,49 €" data-sku="H-500" disabled>500 g – 8,49 €</option></select>`,
      'https://shop.test/p/honey',
    );
    expect(
      read.map((record) => [record.sku, record.price, record.availability, record.variant_attributes]),
    ).toEqual([
      // Nothing says the first size's stock: no sibling's (or the page's) stands in for it.
      ['H-250', '4.99', 'UNKNOWN', { größe: '250 g' }],
      ['H-500', '8.49', 'OUT_OF_STOCK', { größe: '500 g' }],
    ]);
    expect(read[1]).toMatchObject({ unit_price: '16.98', unit: 'kg' });
  });
});

describe('variants in the other shapes shops write them', () => {
  it("reads Shopify's analytics meta object, the variant named by its title where options are not given", () => {
    const meta = {
      product: {
        id: 7,
        vendor: 'Flax',
        variants: [
          { id: 1, price: 1290, name: 'Tea - 100 g', public_title: '100 g', sku: 'T-100' },
          { id: 2, price: 2290, name: 'Tea - 250 g', public_title: '250 g', sku: 'T-250' },
        ],
      },
    };
    const read = records(
      '',
      `<h1>Tea</h1><p class="price">€12.90</p><button>Add to cart</button>
       <script>var meta = ${JSON.stringify(meta)}; for (var attr in meta) { window.ShopifyAnalytics.meta[attr] = meta[attr]; }</script>`,
      'https://shop.test/products/tea',
    );
    expect(
      read.map((record) => [record.sku, record.price, record.variant_attributes, record.unit_price]),
    ).toEqual([
      ['T-100', '12.90', { variant: '100 g' }, '129.00'],
      ['T-250', '22.90', { variant: '250 g' }, '91.60'],
    ]);
  });

  it('finds hasVariant entries given by @id elsewhere in the graph', () => {
    const read = records(
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          group([{ '@id': '#m' }, { '@id': '#l' }]),
          { ...variant('SH-M', 'M', 'red', '29.90'), '@id': '#m' },
          { ...variant('SH-L', 'L', 'red', '29.90'), '@id': '#l' },
        ],
      }),
      '<h1>Linen shirt</h1>',
    );
    expect(read.map((record) => record.variant_attributes)).toEqual([
      { size: 'M', colour: 'red' },
      { size: 'L', colour: 'red' },
    ]);
  });

  it('reads no variants from a WooCommerce form that loads them later (data-product_variations="false")', () => {
    const read = records(
      jsonLd({
        '@type': 'Product',
        name: 'Olive oil',
        sku: 'OIL',
        offers: { price: '7.50', priceCurrency: 'EUR' },
      }),
      '<h1>Olive oil</h1><form class="variations_form" data-product_variations="false"></form>',
    );
    expect(read).toHaveLength(1);
    expect(read[0]?.variant_group).toBeNull();
  });
});

describe('a page without variants gives one record', () => {
  it('with variant_group null, and the unit price its name states', () => {
    const read = records(
      jsonLd({
        '@type': 'Product',
        name: 'Mineral water 6 x 1,5 l',
        sku: 'W6',
        offers: { price: '4.50', priceCurrency: 'EUR' },
      }),
      '<h1>Mineral water 6 x 1,5 l</h1>',
    );
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({
      sku: 'W6',
      variant_group: null,
      variant_attributes: null,
      unit_price: '0.50',
      unit: 'l',
    });
  });

  it('for offers of one SKU in two currencies (one product, two prices)', () => {
    const read = records(
      jsonLd({
        '@type': 'Product',
        name: 'Linen shirt XL',
        sku: 'SH',
        offers: [
          { '@type': 'Offer', sku: 'SH', price: '29.90', priceCurrency: 'EUR' },
          { '@type': 'Offer', sku: 'SH', price: '32.00', priceCurrency: 'USD' },
        ],
      }),
      '<h1>Linen shirt XL</h1>',
    );
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ variant_group: null, unit_price: null, unit: null });
  });

  it('for a JSON-LD block listing twenty products (related ones, not variants)', () => {
    const products = Array.from({ length: 20 }, (_, index) => ({
      '@type': 'Product',
      name: index === 0 ? 'Linen shirt' : `Other ${index}`,
      sku: `P${index}`,
      offers: { price: `${10 + index}.00`, priceCurrency: 'EUR' },
    }));
    const read = records(jsonLd(products), '<h1>Linen shirt</h1>');
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ sku: 'P0', variant_group: null });
  });

  it('for offers that differ only by SKU, naming nothing a buyer could choose by', () => {
    const read = records(
      jsonLd({
        '@type': 'Product',
        name: 'Slim fit jeans',
        sku: 'JE-11',
        offers: ['29', '30', '31'].map((size) => ({
          '@type': 'Offer',
          sku: `JE-11-${size}`,
          price: '89.00',
          priceCurrency: 'EUR',
          url: URL_,
        })),
      }),
      '<h1>Slim fit jeans</h1>',
    );
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ sku: 'JE-11', variant_group: null });
  });

  it('for a select of sizes without prices of their own', () => {
    const read = records(
      jsonLd({
        '@type': 'Product',
        name: 'Linen shirt',
        sku: 'SH',
        offers: { price: '29.90', priceCurrency: 'EUR' },
      }),
      '<h1>Linen shirt</h1><select name="size"><option value="m">M</option><option value="l">L</option></select>',
    );
    expect(read).toHaveLength(1);
    expect(read[0]?.variant_group).toBeNull();
  });
});

describe('bad variant input fails alone', () => {
  it(`keeps the first ${MAX_VARIANTS} of a list of 500 variants`, () => {
    const many = Array.from({ length: 500 }, (_, index) =>
      variant(`SKU-${index}`, `${index}`, 'red', '9.90'),
    );
    const started = performance.now();
    const read = records(jsonLd(group(many)), '<h1>Linen shirt</h1>');
    expect(read).toHaveLength(MAX_VARIANTS);
    expect(new Set(read.map((record) => record.sku)).size).toBe(MAX_VARIANTS);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('reads Shopify variants beside a JSON-LD block that is not JSON', () => {
    const product = {
      id: 9,
      title: 'Linen shirt',
      options: [{ name: 'Size' }],
      variants: [
        { id: 1, sku: 'S-M', option1: 'M', price: 2990, available: true },
        { id: 2, sku: 'S-L', option1: 'L', price: 2990, available: true },
      ],
    };
    const read = records(
      '<script type="application/ld+json">{"@type": "Product", "name": </script>',
      `<h1>Linen shirt</h1><p class="price">€29.90</p><button>Add to cart</button>
       <script type="application/json" data-product-json>${JSON.stringify(product)}</script>`,
    );
    expect(read.map((record) => record.variant_attributes)).toEqual([{ size: 'M' }, { size: 'L' }]);
  });

  it('drops variants that nothing tells apart, and keeps one record when fewer than two remain', () => {
    const read = records(
      jsonLd(
        group(
          [
            { '@type': 'Product', offers: { price: '1.00' } },
            { '@type': 'Product', offers: { price: '2.00' } },
          ],
          { sku: 'G' },
        ),
      ),
      '<h1>Linen shirt</h1>',
    );
    expect(read).toHaveLength(1);
    expect(read[0]?.variant_group).toBeNull();
  });

  it('gives no record for a page that is no product page, whatever its selects say', () => {
    const read = records(
      '',
      '<h1>Contact</h1><select><option value="a" data-price="1.00">A</option><option value="b" data-price="2.00">B</option></select>',
    );
    expect(read).toEqual([]);
  });
});
