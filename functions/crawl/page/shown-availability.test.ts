import { describe, expect, it } from 'vitest';
import { readPage } from './read-page.ts';
import { labelledStockNearHeading, shownAvailability, soldOutNearHeading } from './shown-availability.ts';

const read = (body: string) =>
  shownAvailability(readPage(`<html><body>${body}</body></html>`, 'https://shop.test/p/1'));

describe('shownAvailability', () => {
  it('reads the first sentence of a block named for availability', () => {
    expect(
      read(
        '<div id="availability"><span>Derzeit nicht verfügbar.</span> Ob und wann dieser Artikel wieder vorrätig sein wird, ist unbekannt.</div>',
      ),
    ).toBe('OUT_OF_STOCK');
    expect(read('<p class="stock-status">Non disponibile.</p>')).toBe('OUT_OF_STOCK');
    expect(read('<span class="product-stock">In stock</span>')).toBe('IN_STOCK');
  });

  it('reads the shown words, not a script or a hidden template inside the block', () => {
    expect(
      read(
        '<div id="availability"><script>if (window.ue) { var error = "Not available"; }</script>' +
          '<span class="hidden">Currently unavailable.</span><span>Disponibile presso <a href="/offers">questi venditori</a>.</span></div>',
      ),
    ).toBe('IN_STOCK');
  });

  it('says nothing where no such block states a stock', () => {
    expect(read('<div class="availability-info">Delivery in 3 days</div><p>In stock</p>')).toBeNull();
  });
});

describe('soldOutNearHeading', () => {
  const near = (body: string) =>
    soldOutNearHeading(
      readPage(
        `<html><head><title>Lamp | Shop</title></head><body>${body}</body></html>`,
        'https://shop.test/p/1',
      ),
    );

  it("reads a sold-out notice in the heading's own block, whatever its markup is called", () => {
    expect(
      near(
        '<div><h1>Lamp</h1><div class="notice"><p>Sorry, this item is sold out. See similar items.</p></div></div>',
      ),
    ).toBe('OUT_OF_STOCK');
  });

  it('reads no notice outside the product block, none hidden, and no "in stock"', () => {
    const longText = `<p>${'Words about the shop and its history. '.repeat(120)}</p>`;
    expect(near(`<div><h1>Lamp</h1></div><div>${longText}<p>Sold out</p></div>`)).toBeNull();
    expect(near('<div><h1>Lamp</h1><p hidden>Sold out</p><p>In stock</p></div>')).toBeNull();
  });

  it('reads no missing picture as a sold-out product', () => {
    expect(
      near('<div><h1>Lamp</h1><p>Immagine non disponibile</p><p>Image not available</p></div>'),
    ).toBeNull();
  });
});

describe('labelledStockNearHeading', () => {
  const labelled = (body: string) =>
    labelledStockNearHeading(
      readPage(
        `<html><head><title>Lamp | Shop</title></head><body>${body}</body></html>`,
        'https://shop.test/p/1',
      ),
    );

  it("reads the stock line the product's block labels, beside a price too", () => {
    expect(
      labelled(
        '<div><h1>Lamp</h1><div>Item: SB00260</div><div>Availability: This item is currently unavailable!</div><span>$32.50</span></div>',
      ),
    ).toBe('OUT_OF_STOCK');
    expect(labelled('<div><h1>Lamp</h1><dl><dt>Наличие:</dt><dd>В наличии</dd></dl></div>')).toBe('IN_STOCK');
  });

  it('reads no unlabelled notice, no label without a colon and no line outside the block', () => {
    expect(labelled('<div><h1>Lamp</h1><p>Sold out</p><a>Verfügbarkeit prüfen</a></div>')).toBeNull();
    const longText = `<p>${'Words about the shop and its history. '.repeat(120)}</p>`;
    expect(
      labelled(`<div><h1>Lamp</h1></div><div>${longText}<p>Availability: out of stock</p></div>`),
    ).toBeNull();
  });
});
