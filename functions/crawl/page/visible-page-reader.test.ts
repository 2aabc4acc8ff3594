import { describe, expect, it } from 'vitest';
import { untrainedProfile } from '../../../test/helpers/real-pages.ts';
import { extractProduct } from './extract-product.ts';
import { pageAnatomy } from './page-anatomy.ts';
import { readPage } from './read-page.ts';

const url = 'https://shop.example/item/123';
const read = (body: string, title = 'Garden chair | Shop') =>
  extractProduct(
    readPage(`<html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`, url),
    untrainedProfile(url),
  );
const related = (count: number): string =>
  `<ul class="carousel">${Array.from(
    { length: count },
    (_, index) =>
      `<li class="tile"><a href="/item/${index + 500}">Other chair ${index}</a><span>€${index + 9}.00</span><button>Add to cart</button></li>`,
  ).join('')}</ul>`;

describe('the visible page without structured data', () => {
  it('reads a price the template sets in a heading its markup names a price, over a delivery threshold', () => {
    const record = read(
      '<h1>Garden chair</h1><h5 class="product-price--markdown"><s>$64.95</s></h5>' +
        '<h5 class="product-price product-price--highlight">Now $52.00</h5>' +
        '<button>Add to bag</button><ul><li>$7 flat rate for orders under $50</li></ul>' +
        '<h3>Gifts under $25</h3>',
    );
    expect(record).toMatchObject({ price: '52.00', currency: 'USD' });
  });

  it('reads a price followed by a free-delivery note as the price, and a threshold after the note as none', () => {
    const record = read(
      '<div class="k0"><h1>Garden chair</h1><div class="k1"><div class="k2">$210.00</div><div class="k3">Free shipping</div></div>' +
        '<p>Free shipping over $49</p></div>',
    );
    expect(record).toMatchObject({ price: '210.00', currency: 'USD' });
  });

  it("reads a price set in a lower heading of the main heading's block, under class names of the shop's own", () => {
    const record = read(
      '<div class="k1"><h1>Garden chair</h1><h5 class="k2"><s>$64.95</s></h5><h5 class="k3">Now $52.00</h5></div>' +
        '<button>Add to bag</button>',
    );
    expect(record).toMatchObject({ price: '52.00', currency: 'USD' });
  });

  it('reads a page whose buy link holds a label per state as a product page', () => {
    const record = readPage(
      '<html lang="pl"><head><title>Panel ścienny | Sklep</title></head><body><h1>Panel ścienny</h1>' +
        `<p>${'Opis panelu. '.repeat(300)}</p><div class="k1"><span class="k2">32</span><span class="k3">zł</span></div>` +
        '<a href="#" class="k4"><span class="k5">Dodaj do koszyka</span><span class="k6">Sprawdź dostępność w sklepie</span><span class="k7">Produkt niedostępny</span></a>' +
        '</body></html>',
      'https://sklep.example.pl/p/panel',
    );
    expect(extractProduct(record, untrainedProfile(record.url))).toMatchObject({
      name: 'Panel ścienny',
      price: '32.00',
      currency: 'PLN',
      availability: 'IN_STOCK',
    });
  });

  it('reads the sale price of a sold-out block that also shows the saving, as out of stock', () => {
    const record = read(
      '<main><h1>Garden chair</h1><form action="/cart"><div class="prices"><span class="price cross">Was: <span class="strike">$69.00</span></span>' +
        '<span class="sale-price">$32.50</span><span class="savings">You Save: $36.50! (53%)</span></div>' +
        '<div class="stock">This item is currently out of stock!</div></form></main>',
    );
    expect(record).toMatchObject({ price: '32.50', currency: 'USD', availability: 'OUT_OF_STOCK' });
  });

  it("reads the price in one of a buy box's alike layout rows, the others holding links and no price", () => {
    const record = read(
      '<main><h1>Garden chair</h1><div class="box">' +
        '<div class="row"><span class="label">Price:</span><span class="price">€25.00</span><a href="/help/vat">VAT info</a></div>' +
        '<div class="row"><a href="/seller/olive">Seller: olive</a></div>' +
        '<div class="row"><a href="/returns">Free returns</a></div>' +
        '<button>Add to basket</button></div></main>',
    );
    expect(record).toMatchObject({ price: '25.00', currency: 'EUR' });
  });

  it("reads an auction's current bid before its bid button, not a discount or a credit limit", () => {
    const record = read(
      '<nav><ul><li><a href="/sale">Up to $500 Off Game Tables</a></li><li><a href="/new">New in</a></li></ul></nav>' +
        '<main><h1>Pony cart harness</h1><div><span>Starting bid:</span><span class="bid">$115.00</span></div>' +
        '<a class="btn" role="button" href="/bid?item=1">Submit bid</a>' +
        '<table><tr><td>Assumed credit limit $1,200</td></tr></table></main>',
    );
    expect(record).toMatchObject({ price: '115.00', currency: 'USD' });
  });

  it('passes over an empty total a script fills in between the price and the buy button', () => {
    const record = read(
      '<main><h1>Garden chair</h1><p class="deal_price"><strong>30,000<sub>원~</sub></strong></p>' +
        '<div class="opt_slt_price_box">추가할인 0원 총 상품금액 0원</div><button>장바구니</button></main>',
    );
    expect(record).toMatchObject({ price: '30000', currency: 'KRW', availability: 'IN_STOCK' });
  });

  it('names the product by the title where the heading is a category path the title shares no word with', () => {
    const body =
      '<main><h1>Womans / Sports Shoes</h1><div><span>Price:</span><span>43.97 €</span><button>Add to cart</button></div></main>';
    expect(read(body, 'Дамски маратонки amx1 | VMzona')).toMatchObject({ name: 'Дамски маратонки amx1' });
    expect(read(body, 'Sports Shoes | Shop')).toMatchObject({ name: 'Womans / Sports Shoes' });
  });

  it('reads a price followed by an offer of a further saving, not a saving itself', () => {
    const record = read(
      '<main><h1>Garden chair</h1><div class="details">$29.99 REDcard save an additional 5%</div>' +
        '<div class="saving">You save: $4.00</div><button>Add to cart</button></main>',
    );
    expect(record).toMatchObject({ price: '29.99', currency: 'USD' });
  });

  it('takes no delivery threshold for the price', () => {
    const record = read(
      '<h1>Garden chair</h1><button>Add to bag</button><p>$7 flat rate for orders under $50</p>',
    );
    expect(record?.price ?? null).toBeNull();
  });

  it('reads the price of a buy box that holds links of its own (watch list, seller), not of the tiles beside it', () => {
    const record = read(
      `<header><form><select name="price"><option>Under €10</option><option>€10 to €50</option></select></form></header>` +
        '<h1>Garden chair</h1>' +
        '<form action="/buy"><div><span>Price:</span><span>€25.00</span></div>' +
        '<input type="submit" value="Add to basket"><a href="/watch?item=123">Add to watch list</a>' +
        '<a href="/seller/olive">Seller: olive</a></form>' +
        `<h2>You may also like</h2>${related(4)}`,
    );
    expect(record).toMatchObject({
      name: 'Garden chair',
      price: '25.00',
      currency: 'EUR',
      availability: 'IN_STOCK',
    });
  });

  it('still reads repeated priced tiles as cards: a tile row alone gives no product price', () => {
    const record = read(`<h1>Chairs</h1>${related(4)}`, 'Chairs | Shop');
    expect(record?.price ?? null).toBeNull();
  });

  it('reads a short list of cards that all show one price as cards: no product price, their links card links', () => {
    const cards = ['a', 'b', 'c']
      .map((item) => `<li class="card"><a href="/item/${item}">Item ${item}</a><span>€5.00</span></li>`)
      .join('');
    const html = `<html lang="en"><head><title>All products</title></head><body><h1>All products</h1><ul>${cards}</ul></body></html>`;
    const anatomy = pageAnatomy(readPage(html, url), { country: 'DE', currency: null });
    expect(anatomy.mainPrices).toEqual([]);
    expect(anatomy.cardLinks).not.toEqual([]);
  });

  it('reads no web address as the name, and no control inside the heading', () => {
    const record = read(
      '<div itemscope itemtype="https://schema.org/Product"><a itemprop="name" href="/">http://shop.example/</a></div>' +
        '<h1>Garden chair <span class="unbanish" role="button">unhide</span></h1>' +
        '<div><span>€25.00</span><button>Add to cart</button></div>',
    );
    expect(record).toMatchObject({ name: 'Garden chair', price: '25.00' });
  });

  it('reads a name cut short with an ellipsis whole from the title that begins with it', () => {
    const record = read(
      '<h1>Garden chair with arm rests and…</h1><div><span>€25.00</span><button>Add to cart</button></div>',
      'Garden chair with arm rests and a cushion, teak - Shop',
    );
    expect(record?.name).toBe('Garden chair with arm rests and a cushion, teak');
  });

  it('names the product by the lower heading the title holds where the only h1 is a dialog’s', () => {
    const record = read(
      '<div class="modal"><h1>Manufacturer information for Chairmakers Ltd (Teak)</h1></div>' +
        '<h2>Garden chair Teak, 2 pieces</h2><div><span>€25.00</span><button>Add to cart</button></div>',
      'Garden chair Teak, 2 pieces - Shop',
    );
    expect(record?.name).toBe('Garden chair Teak, 2 pieces');
  });

  it('reads the price, not the price with delivery the page shows next to the buy button', () => {
    const record = read(
      '<h1>Garden chair</h1><div class="label">€1,679</div><div class="tax">Cena z dostawą: €1,718</div>' +
        '<button>Add to cart</button>',
    );
    expect(record?.price).toBe('1679.00');
  });

  it('reads no price from a learned price element that shows a message with a count and no currency', () => {
    const profile = {
      ...untrainedProfile(url),
      method: 'SELECTORS' as const,
      country: 'IL',
      currency: 'ILS',
    };
    const selectors = { name: { selector: 'h1' }, price: { selector: 'div.label' } };
    const at = (label: string) =>
      extractProduct(
        readPage(`<html><body><h1>Perfume 200ml</h1><div class="label">${label}</div></body></html>`, url),
        { ...profile, selectors },
      );
    expect(at('Out of stock, over 10 buyers')?.price ?? null).toBeNull();
    expect(at('₪1,679 over 20 buyers')?.price).toBe('1679.00');
    expect(at('1679')?.price).toBe('1679.00');
  });

  it('reads a learned label’s value up to the next label of a row holding two pairs', () => {
    const profile = { ...untrainedProfile(url), method: 'SELECTORS' as const };
    const record = extractProduct(
      readPage(
        '<html><body><h1>Hoodie</h1><span>€25.00</span><button>Add to cart</button><table><tr><td>Brand:</td><td>Fruit of the Loom</td><td>Theme:</td><td>Classic</td></tr></table></body></html>',
        url,
      ),
      { ...profile, selectors: { brand: { selector: 'tr', label: 'Brand' } } },
    );
    expect(record?.brand).toBe('Fruit of the Loom');
  });

  it('reads past an old price its words name, without strike markup ("Was: $149.99")', () => {
    const record = read(
      '<main><h1>Garden chair</h1><div class="k1"><p class="k2">Was: $149.99</p><p class="k3">Outlet Savings: -$80.00</p>' +
        '<div>$69.99 Earn up to 70 points</div></div><a class="k4" href="/cart/add?id=1">Add to cart</a></main>',
    );
    expect(record).toMatchObject({ price: '69.99', currency: 'USD' });
  });

  it('reads past an old price set after a label naming it ("RRP" then the amount)', () => {
    const record = read(
      '<main><h1>Garden chair</h1><div><span>RRP</span> <span>59,99 €</span> <span>44,99 €</span></div>' +
        '<button>Add to cart</button></main>',
    );
    expect(record).toMatchObject({ price: '44.99', currency: 'EUR' });
  });

  it('keeps the current price where the old one is struck through and named "Was"', () => {
    const record = read(
      '<main><h1>Garden chair</h1><div><span>Was: <s>$69.00</s></span> <span>$32.50</span></div><button>Add to cart</button></main>',
    );
    expect(record).toMatchObject({ price: '32.50', currency: 'USD' });
  });

  it('names the product without a label or tab its heading holds that the title does not ("Details about …")', () => {
    const record = read(
      '<main><h1><span class="k1">Details about</span> Teak garden chair <span class="k2">Details</span></h1>' +
        '<p>$89.00</p><button>Add to cart</button></main>',
      'Teak garden chair | Shop',
    );
    expect(record?.name).toBe('Teak garden chair');
  });
});
