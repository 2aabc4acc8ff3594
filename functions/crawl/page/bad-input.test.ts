import { describe, expect, it } from 'vitest';
import { untrainedProfile } from '#test/real-pages';
import { extractProduct } from './extract-product.ts';
import { readPage } from './read-page.ts';

/**
 * The "bad input" of issue 29: each case fails alone, the rest of the page is still read, and a
 * page that names no product gives no record.
 */
const url = 'https://shop.example/p/lamp';
const read = (html: string, at = url) => extractProduct(readPage(html, at), untrainedProfile(at));
const ld = (json: string): string => `<script type="application/ld+json">${json}</script>`;
const buy = '<button class="add-to-cart">Add to cart</button>';

describe('bad input', () => {
  it('reads the visible page where a JSON-LD block is not JSON', () => {
    const html = `<html lang="en-GB"><head><title>Desk lamp | Shop</title>${ld('{"@type":"Product","name":"Desk lamp",')}</head><body><h1>Desk lamp</h1><span class="price">£24.99</span>${buy}</body></html>`;
    expect(read(html)).toMatchObject({ name: 'Desk lamp', price: '24.99', currency: 'GBP' });
  });

  it('reads the product the heading names where JSON-LD lists twenty products', () => {
    const products = Array.from(
      { length: 20 },
      (_, i) =>
        `{"@type":"Product","name":"Lamp ${i + 1}","sku":"L-${i + 1}","offers":{"@type":"Offer","price":"${10 + i}.00","priceCurrency":"EUR"}}`,
    );
    const html = `<html><head>${ld(`[${products.join(',')}]`)}</head><body><h1>Lamp 7</h1>${buy}</body></html>`;
    expect(read(html)).toMatchObject({ name: 'Lamp 7', sku: 'L-7', price: '16.00', currency: 'EUR' });
  });

  it('keeps a price with its own currency where the product has two prices in different currencies', () => {
    const html = `<html><head>${ld('{"@type":"Product","name":"Lamp","offers":[{"@type":"Offer","price":"20.00","priceCurrency":"EUR"},{"@type":"Offer","price":"23.50","priceCurrency":"USD"}]}')}</head><body><h1>Lamp</h1></body></html>`;
    const record = read(html);
    expect([
      [record?.price, record?.currency],
      [record?.price_max, record?.currency],
    ]).not.toContainEqual(['23.50', 'EUR']);
    expect(['20.00 EUR', '23.50 USD']).toContain(`${record?.price} ${record?.currency}`);
  });

  it('sells a product whose sold-out variant sits beside an in-stock one', () => {
    const html = `<html><head>${ld('{"@type":"Product","name":"Shirt","offers":[{"@type":"Offer","sku":"S-S","price":"15.00","priceCurrency":"EUR","availability":"https://schema.org/OutOfStock"},{"@type":"Offer","sku":"S-M","price":"15.00","priceCurrency":"EUR","availability":"https://schema.org/InStock"}]}')}</head><body><h1>Shirt</h1></body></html>`;
    expect(read(html)).toMatchObject({ name: 'Shirt', price: '15.00', availability: 'IN_STOCK' });
  });

  it('reads a page whose variant list has 500 entries', () => {
    const offers = Array.from(
      { length: 500 },
      (_, i) =>
        `{"@type":"Offer","sku":"V-${i}","price":"${(9.99 + i).toFixed(2)}","priceCurrency":"USD","availability":"https://schema.org/InStock"}`,
    );
    const html = `<html><head>${ld(`{"@type":"Product","name":"Poster","offers":[${offers.join(',')}]}`)}</head><body><h1>Poster</h1></body></html>`;
    expect(read(html)).toMatchObject({ name: 'Poster', price: '9.99', currency: 'USD' });
  });

  it('reads no price from a <noscript> block alone and invents no product from it', () => {
    const html = `<html lang="en-US"><head><title>Desk lamp</title></head><body><h1>Desk lamp</h1><noscript><span class="price">$24.99</span></noscript></body></html>`;
    expect(read(html)?.price ?? null).toBeNull();
  });

  it('reads the currency the price names, not the one of the page language’s country', () => {
    const html = `<html lang="de-DE"><head><title>Tischlampe</title></head><body><h1>Tischlampe</h1><div class="price">CHF 49.90</div><button>In den Warenkorb</button></body></html>`;
    expect(read(html, 'https://shop.example.ch/p/lampe')).toMatchObject({ price: '49.90', currency: 'CHF' });
    const euro = `<html lang="en"><head><title>Desk lamp</title></head><body><h1>Desk lamp</h1><div class="price">24,99 €</div>${buy}</body></html>`;
    expect(read(euro, 'https://shop.example.com/p/lamp')).toMatchObject({ price: '24.99', currency: 'EUR' });
  });

  it.each([
    ['Cola 2 x 0,5 l', '2.49'],
    ['Ground beef 1/2 lb', '4.99'],
    ['Hoodie XL', '39.00'],
  ])('reads the price, not the quantity, of "%s"', (name, price) => {
    const html = `<html lang="en-US"><head><title>${name}</title></head><body><h1>${name}</h1><span class="price">$${price}</span>${buy}</body></html>`;
    expect(read(html)).toMatchObject({ name, price, currency: 'USD' });
  });

  it('names the product, not the shop, where the main heading is the shop’s name', () => {
    const menu = ['Home', 'Lamps', 'Chairs', 'Tables', 'Basket'].map(
      (label) => `<a href="/${label}">${label}</a>`,
    );
    const html = `<html lang="en-GB"><head><title>Brass desk lamp – Acme Lighting</title></head><body><header><h1>Acme Lighting</h1><nav>${menu.join('')}</nav></header><main><h2 class="product-title">Brass desk lamp</h2><span class="price">£59.00</span>${buy}</main></body></html>`;
    expect(read(html)).toMatchObject({ name: 'Brass desk lamp', price: '59.00', currency: 'GBP' });
  });

  it('rounds a price given past the currency’s minor unit half up, as the page shows it', () => {
    const html = (price: string, currency: string) =>
      `<html><head>${ld(`{"@type":"Product","name":"Lamp","offers":{"@type":"Offer","price":"${price}","priceCurrency":"${currency}"}}`)}</head><body><h1>Lamp</h1></body></html>`;
    expect(read(html('19.6095', 'BYN'))?.price).toBe('19.61');
    expect(read(html('855.865', 'BYN'))?.price).toBe('855.87');
    expect(read(html('99.994', 'EUR'))?.price).toBe('99.99');
    expect(read(html('1499.5', 'JPY'))?.price).toBe('1500');
  });

  it('gives no record for a page that is not a product page', () => {
    const html = `<html lang="en-GB"><head><title>Delivery</title></head><body><h1>Delivery</h1><p>Orders over £50 ship free; others pay £3.99.</p></body></html>`;
    expect(read(html, 'https://shop.example/delivery')).toBeNull();
  });
});
