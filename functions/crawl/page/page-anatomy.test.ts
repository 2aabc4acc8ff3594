import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { pageAnatomy, stateLabels } from './page-anatomy.ts';
import { readPage } from './read-page.ts';

const URL_OF_PAGE = 'https://shop.example/p/boot';
const CONTEXT = { country: 'DE', currency: null };

describe('pageAnatomy', () => {
  it('finds the buy controls the selector of controls names, and no other', () => {
    // Prepare: each labelled to buy; only the tag, type, class or role decides (links that lead
    // elsewhere, so that their target does not make them controls).
    const page = readPage(
      `<html><body><h1>Trail boot</h1><p>49,90 €</p>
        <button id="b1">Add to cart</button>
        <input id="b2" type="SUBMIT" value="In den Warenkorb">
        <input id="b3" type="button" value="Buy now">
        <input id="x1" type="text" value="Buy now">
        <a id="b4" class="primary btn" href="/cart">Add to cart</a>
        <a id="b5" class="button" href="/cart">Add to cart</a>
        <a id="b6" class="hero-cta" href="/cart">Add to cart</a>
        <a id="x2" class="buttons" href="/gifts">Add to cart</a>
        <a id="x3" class="Btn" href="/gifts">Add to cart</a>
        <div id="b7" role="button">Add to cart</div>
        <span id="x4">Add to cart</span>
      </body></html>`,
      URL_OF_PAGE,
    );
    const selected = page
      .$(
        'button, input[type="submit"], input[type="button"], a.button, a.btn, a[class*="cta"], [role="button"]',
      )
      .toArray()
      .map((element) => (element as Element).attribs.id);
    // Act
    const anatomy = pageAnatomy(page, CONTEXT);
    // Assess
    const found = anatomy.buyButtons.map((element) => element.attribs.id);
    expect(found).toEqual(['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7']);
    expect(found).toEqual(selected);
  });

  it('finds a buy link by its target and short label where its class names nothing', () => {
    // Prepare: class names of the shop's own; links that run a script or go to the basket act.
    const page = readPage(
      `<html><body><h1>Trail boot</h1><p>49,90 €</p>
        <a id="b1" class="k7" href="javascript:void(0)">In den Warenkorb</a>
        <a id="b2" class="k8" href="/cart/add?id=7">Add to cart</a>
        <a id="b3" class="k9">Add to cart</a>
        <a id="x1" class="k7" href="/gifts">Add to cart</a>
        <a id="x2" href="#">Add to cart Check stock in your store This product is unavailable</a>
      </body></html>`,
      URL_OF_PAGE,
    );
    // Act
    const anatomy = pageAnatomy(page, CONTEXT);
    // Assess
    expect(anatomy.buyButtons.map((element) => element.attribs.id)).toEqual(['b1', 'b2', 'b3']);
  });

  it('finds a buy link that holds one short label per state, the first a buy label', () => {
    // Prepare: a script shows one of the labels; a link around a product's block holds a price.
    const page = readPage(
      `<html><body><h1>Trail boot</h1><p>49,90 zł</p>
        <a id="b1" class="k1" href="#"><span class="k2">Dodaj do koszyka</span><span class="k3">Sprawdź dostępność w sklepie</span><span class="k4">Produkt niedostępny</span></a>
        <a id="x1" href="#"><span>Add to cart</span><span>Trail boot in brown, 49,90 zł</span></a>
        <a id="x2" href="#"><span>Sprawdź dostępność w sklepie</span><span>Dodaj do koszyka</span></a>
        <a id="x3" href="#"><span>Add to cart</span><img src="/boot.jpg" alt=""><span>Trail boot in brown leather</span></a>
      </body></html>`,
      'https://shop.example.pl/p/boot',
    );
    // Act
    const anatomy = pageAnatomy(page, { country: 'PL', currency: null });
    // Assess
    expect(anatomy.buyButtons.map((element) => element.attribs.id)).toEqual(['b1']);
    expect(stateLabels(anatomy.buyButtons[0] as Element)).toEqual([
      'Dodaj do koszyka',
      'Sprawdź dostępność w sklepie',
      'Produkt niedostępny',
    ]);
  });

  it("reads a price set in a lower heading of the main heading's own block, not one in a section's heading", () => {
    // Prepare: class names of the shop's own, naming nothing.
    const page = readPage(
      `<html><body><div class="k1"><h1>Trail boot</h1><h5 class="k2">Now $52.00</h5></div>
        <div class="k3"><p>${'A boot for the trail and the town. '.repeat(30)}</p><h3 class="k4">Gifts under $25</h3></div>
      </body></html>`,
      'https://shop.example/p/boot',
    );
    // Act
    const anatomy = pageAnatomy(page, { country: 'US', currency: null });
    // Assess
    expect(anatomy.mainPrices.map((priced) => priced.price.amount)).toEqual(['52.00']);
  });

  it('reads the body only, and numbers its elements in document order', () => {
    // Prepare: markup after the body's end stays outside it.
    const page = readPage(
      '<html><head><title>Boot</title></head><body><h1>Trail boot</h1><p><span>49,90 €</span></p></body><div><span>12,00 €</span></div></html>',
      URL_OF_PAGE,
    );
    // Act
    const anatomy = pageAnatomy(page, CONTEXT);
    // Assess
    expect(anatomy.mainPrices.map((priced) => priced.price.amount)).toEqual(['49.90']);
    const [h1, p, span] = page.$('body *').toArray() as Element[];
    expect([h1, p, span].map((element) => anatomy.order(element as Element))).toEqual([0, 1, 2]);
    const [title] = page.$('title').toArray() as Element[];
    const [after] = page.$('html > div').toArray() as Element[];
    expect(anatomy.order(title as Element)).toBe(-1);
    expect(anatomy.order(after as Element)).toBe(-1);
  });
});
