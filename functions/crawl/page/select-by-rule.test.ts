import { describe, expect, it } from 'vitest';
import { readPage } from './read-page.ts';
import { selectByRule } from './select-by-rule.ts';

const page = readPage(
  `<html><body>
    <div class="cart"><h1 class="title">Basket</h1></div>
    <main id="product" class="box"><h1 class="title big">Lotion</h1><span class="price">9 €</span>
      <table><tr class="row"><th>Brand</th><td>Weleda</td></tr><tr class="row"><th>EAN</th><td>1</td></tr></table>
      <span id="stock">In stock</span><span id="a:b">x</span></main>
  </body></html>`,
  'https://shop.test/p/1',
);

describe('selecting by a learned rule', () => {
  it.each([
    'h1',
    'h1.title',
    'main.box h1.title',
    '#product h1',
    'div.cart h1',
    'main tr.row',
    'span.price',
    '#stock',
    '#a\\:b',
    'h1.title, span.price',
    'main > span',
    'tr:first-child',
    'section h1',
  ])('matches what the full query matches, in document order: %s', (selector) => {
    expect(selectByRule(page.$, selector)).toEqual(page.$(selector).toArray());
  });
});
