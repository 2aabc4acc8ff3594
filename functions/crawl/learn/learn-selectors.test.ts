import { describe, expect, it } from 'vitest';
import { pageAnatomy } from '../page/page-anatomy.ts';
import { noFields } from '../page/product-fields.ts';
import { productFromSelectors } from '../page/product-from-selectors.ts';
import { readPage } from '../page/read-page.ts';
import { learnSelectors } from './learn-selectors.ts';

const context = { country: 'DE', currency: null };

/** A marketplace-like page: cart pop-ups with h1s and stock messages before the product's own heading. */
function marketplacePage(id: number, title: string, stock: string): string {
  return `<html lang="de"><head><title>${title} : Amazon.de</title></head><body>
    <div class="a-popover aok-hidden"><h1 class="a-size-large">Wird zum Einkaufswagen hinzugefügt...</h1>
      <h4 class="a-alert-heading">Derzeit nicht verfügbar</h4></div>
    <div id="dp"><h1 id="title" class="a-size-large"><span id="productTitle">${title}</span></h1>
      <div id="availability"><span class="a-size-medium">${stock}</span></div>
      <span class="a-price">${id},99 €</span>
      <input id="add-to-cart-button" type="submit" value="In den Einkaufswagen"></div>
  </body></html>`;
}

describe('learning markup rules', () => {
  const pages = [
    marketplacePage(11, 'Weleda Citrus Lotion 200 ml', 'Auf Lager.'),
    marketplacePage(12, 'Ankerkraut Texas Chicken 230 g', 'Auf Lager.'),
    marketplacePage(13, 'Bosch Indego 400 Mähroboter', 'Auf Lager.'),
  ].map((html, index) => {
    const page = readPage(html, `https://shop.test/dp/${index}`);
    return { page, anatomy: pageAnatomy(page, context), known: null };
  });
  const rules = learnSelectors(pages, context);

  it('learns the heading that names the page, not a pop-up heading before it', () => {
    const page = readPage(
      marketplacePage(14, 'Living Dead Dolls Sweet Tooth', 'Auf Lager.'),
      'https://shop.test/dp/9',
    );
    expect(productFromSelectors(page, rules, context).name).toBe('Living Dead Dolls Sweet Tooth');
  });

  it('learns the stock line the buyer sees, not a hidden message', () => {
    const soldOut = readPage(
      marketplacePage(15, 'Retevis RT628B', 'Derzeit nicht verfügbar.'),
      'https://shop.test/dp/8',
    );
    const inStock = readPage(marketplacePage(16, 'Retevis RT629', 'Auf Lager.'), 'https://shop.test/dp/7');
    expect(productFromSelectors(soldOut, rules, context).availability).toBe('OUT_OF_STOCK');
    expect(productFromSelectors(inStock, rules, context).availability).toBe('IN_STOCK');
  });

  it('reads with a bare h1 rule the heading that names the page, not a pop-up h1 before it', () => {
    const page = readPage(
      marketplacePage(17, 'Weleda Citrus Lotion', 'Auf Lager.'),
      'https://shop.test/dp/6',
    );
    expect(productFromSelectors(page, { name: { selector: 'h1' } }, context).name).toBe(
      'Weleda Citrus Lotion',
    );
  });

  it('learns a brand row whose label sits alone in its cell, over the maker row', () => {
    const details = (brand: string, maker: string, title: string): string =>
      marketplacePage(20, title, 'Auf Lager.').replace(
        '</body>',
        `<table id="details"><tr><td><span class="label">Hersteller</span></td><td>${maker}</td></tr>` +
          `<tr><td><span class="label">Marke</span></td><td>${brand}</td></tr></table></body>`,
      );
    const learning = [
      details('WELEDA', 'Weleda AG', 'Citrus Lotion'),
      details('Ankerkraut', 'Ankerkraut GmbH', 'Texas Chicken'),
      details('Bosch', 'Robert Bosch GmbH', 'Indego 400'),
    ].map((html, index) => {
      const page = readPage(html, `https://shop.test/dp/${index}`);
      return { page, anatomy: pageAnatomy(page, context), known: null };
    });
    const learned = learnSelectors(learning, context);
    const page = readPage(details('Solimo', 'Amazon EU S.à r.l.', 'Body Lotion'), 'https://shop.test/dp/5');
    expect(productFromSelectors(page, learned, context).brand).toBe('Solimo');
  });

  it('does not keep a rule that reads other values than the pages’ structured data', () => {
    const known = (name: string) => ({ ...noFields, name, price: '1.00', currency: 'EUR' });
    const mixed = ['Alpha Lotion', 'Beta Rub', 'Gamma Robot'].map((title, index) => {
      const html = `<html><head><title>${title}</title></head><body><h1>Basket</h1><p>x</p></body></html>`;
      const page = readPage(html, `https://shop.test/p/${index}`);
      return { page, anatomy: pageAnatomy(page, context), known: known(title) };
    });
    expect(learnSelectors(mixed, context).name).toBeUndefined();
  });
});
