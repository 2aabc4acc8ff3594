import { describe, expect, it } from 'vitest';
import { untrainedProfile } from '#test/real-pages';
import { extractProduct } from './extract-product.ts';
import { readPage } from './read-page.ts';

const read = (body: string, url = 'https://shop.test/products/lamp') =>
  extractProduct(
    readPage(`<html lang="en-GB"><head><title>Desk lamp</title></head><body>${body}</body></html>`, url),
    untrainedProfile(url),
  );

describe('data a page embeds for its own scripts', () => {
  it('takes no delivery option or free placeholder for the product; reads a price\'s "now"', () => {
    const data = {
      props: {
        pageProps: {
          deliveryOptions: [
            { title: 'Standard Delivery', price: { value: '0.00' } },
            { title: 'Collect+', price: { value: '3.50' } },
          ],
          free: { name: 'Gift wrap', price: 0 },
          product: {
            name: 'Desk lamp',
            code: 'DL-7',
            price: { now: '136.00', currency: 'GBP' },
            sku: 'DL-7',
          },
        },
      },
    };
    const record = read(
      `<h1>Desk lamp</h1><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(data)}</script>`,
    );
    expect(record).toMatchObject({ name: 'Desk lamp', price: '136.00', currency: 'GBP' });
  });

  it('gives a record without a price to a page with a heading, a shown code and a buy button', () => {
    const record = read(
      '<main><h1>Desk lamp</h1><ul><li><strong>Product code - </strong>39139301</li></ul>' +
        '<button type="submit">Add to your basket</button></main>',
    );
    expect(record).toMatchObject({ name: 'Desk lamp', sku: '39139301', price: null });
  });

  it('says such a page is in stock where its buy button can be pressed, not where it is disabled', () => {
    const page = (button: string) =>
      read(
        `<main><h1>Desk lamp</h1><ul><li><strong>Product code - </strong>39139301</li></ul>${button}</main>`,
        'https://shop.test/products/desk-lamp-39139301',
      );
    expect(page('<button type="submit">Add to your basket</button>')?.availability).toBe('IN_STOCK');
    expect(page('<button type="submit" disabled>Add to your basket</button>')?.availability).toBe('UNKNOWN');
  });

  it('reads Next.js page data, the product named like the heading among related ones', () => {
    const data = {
      props: {
        pageProps: {
          related: [{ name: 'Floor lamp', price: 99, sku: 'FL-1' }],
          product: {
            name: 'Desk lamp',
            sku: 'DL-7',
            brand: { name: 'Lumen' },
            price: { value: 24.5, currency: 'GBP' },
            availability: 'InStock',
          },
        },
      },
    };
    const record = read(
      `<h1>Desk lamp</h1><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(data)}</script>`,
    );
    expect(record).toMatchObject({
      name: 'Desk lamp',
      sku: 'DL-7',
      brand: 'Lumen',
      price: '24.50',
      currency: 'GBP',
      availability: 'IN_STOCK',
    });
    expect(record?.source).toMatchObject({ name: 'nextdata', price: 'nextdata', sku: 'nextdata' });
  });

  it('reads a state object assigned in a script, with single-quoted strings around it', () => {
    const record = read(
      `<h1>Desk lamp</h1><script>var x = '{'; window.__INITIAL_STATE__ = {"product":{"title":"Desk lamp","sku":"DL-7","salePrice":"£19.99","inStock":false,}};</script>`,
    );
    expect(record).toMatchObject({
      name: 'Desk lamp',
      sku: 'DL-7',
      price: '19.99',
      currency: 'GBP',
      availability: 'OUT_OF_STOCK',
    });
    expect(record?.source?.price).toBe('script');
  });

  it("reads Shopify's product JSON in cents, the variant the URL selects", () => {
    const product = {
      title: 'Desk lamp',
      vendor: 'Lumen',
      variants: [
        { id: 1, sku: 'DL-S', price: 1999, available: true, barcode: '4006381333931' },
        { id: 2, sku: 'DL-L', price: 2999, available: false },
      ],
    };
    const json = `<script type="application/json" data-product-json>${JSON.stringify(product)}</script>`;
    expect(read(`<h1>Desk lamp</h1>${json}`)).toMatchObject({
      sku: 'DL-S',
      price: '19.99',
      gtin: '4006381333931',
      brand: 'Lumen',
      availability: 'IN_STOCK',
      source: { price: 'shopify', sku: 'shopify' },
    });
    expect(read(`<h1>Desk lamp</h1>${json}`, 'https://shop.test/products/lamp?variant=2')).toMatchObject({
      sku: 'DL-L',
      price: '29.99',
      availability: 'OUT_OF_STOCK',
    });
  });

  it("reads Shopify's analytics meta when the theme embeds no product JSON", () => {
    const record = read(
      `<h1>Desk lamp</h1><script>var meta = {"product":{"id":7,"vendor":"Lumen","variants":[{"id":1,"price":1250,"name":"Desk lamp - Small","sku":"DL-S"}]},"page":{"pageType":"product"}};</script>`,
    );
    expect(record).toMatchObject({ name: 'Desk lamp - Small', sku: 'DL-S', price: '12.50', brand: 'Lumen' });
    expect(record?.source?.price).toBe('shopify');
  });

  it("names the product by its title, not the variant's name, in the currency Shopify's scripts set", () => {
    const record = read(
      `<h1>Desk lamp</h1><script>window.ShopifyAnalytics.meta.currency = 'USD'; var meta = {"product":{"id":7,"vendor":"Lumen","variants":[{"id":1,"price":5900,"name":"Desk lamp - Free size \\/ Blue","public_title":"Free size \\/ Blue","sku":"DL-B"}]}};</script>`,
    );
    expect(record).toMatchObject({ name: 'Desk lamp', sku: 'DL-B', price: '59.00', currency: 'USD' });
    expect(record?.source?.currency).toBe('shopify');
  });

  it('reads a SKU from a data attribute, not one that differs across product cards', () => {
    const record = read(
      '<h1>Desk lamp</h1><div data-product-sku="DL-7"><span class="price">£24.50</span><button>Add to basket</button></div>' +
        '<ul><li data-sku="A-1"><a href="/a">A</a></li><li data-sku="B-2"><a href="/b">B</a></li></ul>',
    );
    expect(record).toMatchObject({ sku: 'DL-7', price: '24.50', source: { sku: 'attributes' } });
    const cards = read(
      '<h1>Desk lamp</h1><span class="price">£24.50</span><button>Add to basket</button><ul><li data-sku="A-1"><a href="/a">A</a></li><li data-sku="B-2"><a href="/b">B</a></li></ul>',
    );
    expect(cards?.sku).toBeNull();
  });
});
