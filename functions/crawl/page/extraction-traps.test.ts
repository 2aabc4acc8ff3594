import { describe, expect, it } from 'vitest';
import type { ExtractionProfile } from '../learn/extraction-profile.ts';
import { extractProduct } from './extract-product.ts';
import { readAvailability } from './read-availability.ts';
import { readPage } from './read-page.ts';

const url = 'https://shop.example/p/chair';
const profile = (overrides: Partial<ExtractionProfile> = {}): ExtractionProfile => ({
  version: 1,
  method: 'JSONLD',
  difficulty: 'EASY',
  origin: 'https://shop.example',
  language: 'cs',
  country: 'CZ',
  currency: 'CZK',
  product_url_pattern: '^/p/[^/]+$',
  listing_url_pattern: null,
  sku_from_url: null,
  selectors: {},
  trained_on: { pages: 0, product_pages: 0 },
  ...overrides,
});
const page = (head: string, body = ''): ReturnType<typeof readPage> =>
  readPage(
    `<html><head><link rel="canonical" href="/p/chair">${head}</head><body>${body}</body></html>`,
    url,
  );
const ld = (json: string): string => `<script type="application/ld+json">${json}</script>`;

describe('extractProduct traps', () => {
  it('drops a site’s bracketed tag from an Open Graph name, but not brackets the page’s title carries', () => {
    const og = (title: string, ogTitle: string): string =>
      `<title>${title}</title><meta property="og:type" content="product"><meta property="og:title" content="${ogTitle}"><meta property="product:price:amount" content="30000"><meta property="product:price:currency" content="KRW">`;
    expect(
      extractProduct(page(og('좋은생각 1년 - 티몬', '[타임커머스 티몬] 좋은생각 1년')), profile())?.name,
    ).toBe('좋은생각 1년');
    expect(extractProduct(page(og('[Set of 2] Chair - Shop', '[Set of 2] Chair')), profile())?.name).toBe(
      '[Set of 2] Chair',
    );
  });

  it('reads an event with offers as the thing on sale when no Product node exists, named by its heading', () => {
    const html = page(
      ld(
        '{"@type":"Event","name":"Lina de Lima en Streaming - Santiago","offers":{"@type":"AggregateOffer","lowPrice":"3340","priceCurrency":"CLP"}}',
      ),
      '<h1>Lina de Lima</h1>',
    );
    expect(extractProduct(html, profile())).toMatchObject({
      name: 'Lina de Lima',
      price: '3340',
      currency: 'CLP',
    });
  });

  it('reads a sold-out page with no structured data by its heading, reference and stock statement, with no price', () => {
    const html = page(
      '<title>Wine opener</title>',
      '<h1>Wine opener</h1><div id="availability"><span>Non disponibile.</span></div><p>Spedizione 10,00 €</p><table><tr><th>ASIN</th><td>B08B5WF51D</td></tr></table>',
    );
    expect(extractProduct(html, profile({ method: 'SELECTORS' }))).toMatchObject({
      name: 'Wine opener',
      sku: 'B08B5WF51D',
      price: null,
      availability: 'OUT_OF_STOCK',
    });
  });

  it('reads a page whose buy link is a script hook: menu headings, joined "priceold" classes, local buy words', () => {
    const html = page(
      '<title>eKlinika</title>',
      '<ul><li><h1>Health services</h1></li></ul><h1>Orthopaedic insoles</h1><div><span class="ek-pricenew">270,00 Kn</span> <span class="ek-priceold">540,00 Kn</span><form action="/service/kupi"><a class="ek-cta" href="#">Kupi</a></form></div>',
    );
    expect(
      extractProduct(html, profile({ method: 'SELECTORS', country: 'HR', currency: null })),
    ).toMatchObject({
      name: 'Orthopaedic insoles',
      price: '270.00',
      currency: 'HRK',
      availability: 'IN_STOCK',
    });
  });

  it('reads a zero price as no price', () => {
    const html = page(
      ld('{"@type":"Product","name":"Perfume","offers":{"price":"0.00","priceCurrency":"ILS"}}'),
    );
    expect(extractProduct(html, profile())).toMatchObject({ name: 'Perfume', price: null });
  });

  it('keeps a labelled shop reference over an internal structured sku', () => {
    const html = page(
      ld(
        '{"@type":"Product","name":"Throw","sku":"237972452","offers":{"price":"150.00","priceCurrency":"GBP"}}',
      ),
      '<h1>Throw</h1><p class="product-code">Product code: 64981901</p>',
    );
    expect(extractProduct(html, profile())).toMatchObject({ sku: '64981901', source: { sku: 'heuristic' } });
  });

  it('picks the page product among related Product blocks, through @graph and with trailing commas and entities', () => {
    const product = extractProduct(
      page(
        ld(
          '{"@type":"Product","name":"Other","url":"https://shop.example/p/other","offers":{"price":"9.00","priceCurrency":"CZK"}}',
        ) +
          ld(
            '{"@context":"https://schema.org","@graph":[{"@type":"Organization","name":"Shop"},{"@type":"Product","name":"Chair &quot;Pro&quot; &amp; Co","url":"https://shop.example/p/chair","sku":"CH-1","gtin13":"4006381333931","brand":"Kovo","offers":[{"@type":"Offer","price":"1299.9","priceCurrency":"CZK","availability":"http://schema.org/OutOfStock",},],},],}',
          ),
        '<h1>Chair "Pro" &amp; Co</h1>',
      ),
      profile(),
    );
    expect(product).toMatchObject({
      name: 'Chair "Pro" & Co',
      sku: 'CH-1',
      gtin: '4006381333931',
      brand: 'Kovo',
      price: '1299.90',
      currency: 'CZK',
      availability: 'OUT_OF_STOCK',
      url,
    });
  });

  it('reads the variant a ProductGroup URL selects, else the first, with the group name', () => {
    const group = ld(
      JSON.stringify({
        '@type': 'ProductGroup',
        name: 'Tee',
        url,
        hasVariant: [
          {
            '@type': 'Product',
            name: 'Tee S',
            sku: 'T-S',
            url: `${url}?variant=1`,
            offers: { price: '10.00', priceCurrency: 'EUR' },
          },
          {
            '@type': 'Product',
            name: 'Tee M',
            sku: 'T-M',
            url: `${url}?variant=2`,
            offers: { price: '12.00', priceCurrency: 'EUR' },
          },
        ],
      }),
    );
    expect(extractProduct(page(group), profile())).toMatchObject({ name: 'Tee', sku: 'T-S', price: '10.00' });
    const second = readPage(`<html><head>${group}</head></html>`, `${url}?variant=2`);
    expect(extractProduct(second, profile())).toMatchObject({ name: 'Tee', sku: 'T-M', price: '12.00' });
  });

  it('takes the low price of an AggregateOffer and keeps its high price', () => {
    const aggregate = (offer: string): ReturnType<typeof extractProduct> =>
      extractProduct(
        page(
          ld(
            `{"@type":"Product","name":"Pan","offers":{"@type":"AggregateOffer",${offer},"priceCurrency":"EUR"}}`,
          ),
        ),
        profile(),
      );
    expect(aggregate('"lowPrice":"19.90","highPrice":"29.90"')).toMatchObject({
      price: '19.90',
      price_max: '29.90',
      price_from: true,
      currency: 'EUR',
    });
    expect(aggregate('"lowPrice":"19.90"')).toMatchObject({
      price: '19.90',
      price_max: null,
      price_from: true,
    });
    const single = aggregate('"lowPrice":"19.90","highPrice":"19.90"');
    expect(single?.price).toBe('19.90');
    expect(single).not.toHaveProperty('price_from');
    expect(single).not.toHaveProperty('price_max');
  });

  it('takes the low price of a microdata AggregateOffer and keeps its high price', () => {
    const html = page(
      '',
      '<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Pan</h1>' +
        '<div itemprop="offers" itemscope itemtype="https://schema.org/AggregateOffer"><meta itemprop="lowPrice" content="502.20">' +
        '<meta itemprop="highPrice" content="558.00"><meta itemprop="priceCurrency" content="BYN"></div></div>',
    );
    expect(extractProduct(html, profile())).toMatchObject({
      price: '502.20',
      price_max: '558.00',
      price_from: true,
    });
  });

  it('prefers the sale price the page shows over the regular price structured data still carries', () => {
    const product = extractProduct(
      page(
        ld('{"@type":"Product","name":"Pan","offers":{"price":"1499.00","priceCurrency":"CZK"}}'),
        '<h1>Pan</h1><div class="price"><del>1 499 Kč</del> <ins>1 299 Kč</ins></div>',
      ),
      profile({ selectors: { price: { selector: 'div.price' } } }),
    );
    expect(product?.price).toBe('1299.00');
  });

  it('reads the own price, not the price of related products listed first', () => {
    const body =
      '<aside><div class="card"><a href="/p/x">X</a><span class="price">99 Kč</span></div></aside>' +
      '<div class="detail"><h1>Chair</h1><span class="price">1 299<sup>90</sup> Kč</span><button disabled>Do košíku</button></div>';
    const product = extractProduct(
      page('', body),
      profile({
        method: 'SELECTORS',
        selectors: {
          name: { selector: 'h1' },
          price: { selector: 'div.detail span.price' },
          button: { selector: 'div.detail button' },
        },
      }),
    );
    expect(product).toMatchObject({ name: 'Chair', price: '1299.90', availability: 'OUT_OF_STOCK' });
  });

  it('reads a price kept only in a data attribute and a SKU kept only in the URL', () => {
    const product = extractProduct(
      readPage(
        '<h1>Chair</h1><span class="p" data-price="1299.90"></span>',
        'https://shop.example/3-chairs/12-chair-PL04512.html',
      ),
      profile({
        method: 'SELECTORS',
        country: 'CH',
        currency: 'CHF',
        selectors: { name: { selector: 'h1' }, price: { selector: 'span.p' } },
        sku_from_url: '(?:^|[/_.-])([A-Z]{1,5}\\d{3,}[A-Z0-9]*)(?=$|[/_.-])',
      }),
    );
    expect(product).toMatchObject({ price: '1299.90', currency: 'CHF', sku: 'PL04512' });
  });

  it('sells a product listed as one Product per size while any size is in stock', () => {
    const size = (sku: string, stock: string): string =>
      `{"@type":"Product","name":"Boots","sku":"${sku}","offers":{"@type":"Offer","price":"69.95","priceCurrency":"EUR","availability":"http://schema.org/${stock}"}}`;
    const html = page(ld(`[${size('B-35', 'OutOfStock')},${size('B-36', 'InStock')}]`));
    expect(extractProduct(html, profile())).toMatchObject({ sku: 'B-35', availability: 'IN_STOCK' });
  });

  it('believes the page over stale structured stock: a sold-out block, a buy button the buyer can press', () => {
    const offer = (stock: string): string =>
      ld(
        `{"@type":"Product","name":"Chair","offers":{"price":"54.50","priceCurrency":"EUR","availability":"https://schema.org/${stock}"}}`,
      );
    const soldOut = page(
      offer('InStock'),
      '<ul class="availability-box"><li><strong>Momentálne nie je možné produkt kúpiť, ale je možné ho rezervovať</strong></li></ul>',
    );
    const buyable = page(
      offer('OutOfStock'),
      '<h1>Chair</h1><button type="submit">Add to your basket</button>',
    );
    const disabled = page(offer('OutOfStock'), '<h1>Chair</h1><button disabled>Add to your basket</button>');
    expect(extractProduct(soldOut, profile())).toMatchObject({ availability: 'OUT_OF_STOCK' });
    expect(extractProduct(buyable, profile())).toMatchObject({ availability: 'IN_STOCK' });
    expect(extractProduct(disabled, profile())).toMatchObject({ availability: 'OUT_OF_STOCK' });
    // Controls of the buy block that do not buy (a help icon, "Find in store") leave the data's word.
    const helpers = page(
      offer('OutOfStock'),
      '<h1>Chair</h1><button class="add-to-cart-price-info-link icon"></button>' +
        '<button class="product-buy-button" type="button">Find in store</button>' +
        '<button class="product-buy-button" type="submit">Add to cart Pre-order now</button>',
    );
    expect(extractProduct(helpers, profile())).toMatchObject({ availability: 'OUT_OF_STOCK' });
  });

  it('gives a sold-out page without a price its record, out of stock by the notice in its block', () => {
    const soldOut = page(
      '',
      '<div class="product"><h1>Pult Eglo Fueva-C 32732</h1><p class="product-id">Tootekood: 000051366425</p>' +
        '<div class="no-online-product"><p>Vabandame, antud toode pole hetkel saadaval. Kuvame teisi <a href="/c/valgustid">tooteid</a></p></div></div>',
    );
    expect(extractProduct(soldOut, profile())).toMatchObject({
      name: 'Pult Eglo Fueva-C 32732',
      sku: '000051366425',
      price: null,
      availability: 'OUT_OF_STOCK',
    });
  });

  it('reads buy buttons that all say sold out as out of stock, a disabled "Add" (no size chosen) as nothing', () => {
    const soldOut = page(
      '',
      '<h1>Chair</h1><span class="price">€54.50</span><button disabled>Sold out</button>',
    );
    const noSize = page(
      '',
      '<h1>Chair</h1><span class="price">€54.50</span><button disabled>Add to cart</button>',
    );
    expect(extractProduct(soldOut, profile())).toMatchObject({
      price: '54.50',
      availability: 'OUT_OF_STOCK',
    });
    expect(extractProduct(noSize, profile())).toMatchObject({ price: '54.50', availability: 'IN_STOCK' });
  });

  it('reads a learned label only as a whole label: "Brand" is not the start of a "Brand Name" row', () => {
    const rows = (...cells: [string, string][]): string =>
      `<table>${cells.map(([label, value]) => `<tr><th>${label}</th><td>${value}</td></tr>`).join('')}</table>`;
    const learned = profile({
      method: 'SELECTORS',
      selectors: {
        name: { selector: 'h1' },
        price: { selector: 'span.price' },
        brand: { selector: 'tr', label: 'brand' },
      },
    });
    const read = (table: string) =>
      extractProduct(page('', `<h1>Chair</h1><span class="price">10 €</span>${table}`), learned)?.brand;
    expect(read(rows(['Brand Name', 'Chair Deluxe'], ['Brand:', 'Acme']))).toBe('Acme');
    expect(read(rows(['Brand Name', 'Chair Deluxe']))).toBeNull();
  });

  it('is null on a page that names no product', () => {
    expect(extractProduct(page('', '<h1>About us</h1><p>We sell chairs.</p>'), profile())).toBeNull();
  });
});

describe('bad input (issue 11)', () => {
  const product = (fields: string): string => ld(`{"@type":"Product",${fields}}`);

  it('reads the main product of a page with a second JSON-LD product for its accessories', () => {
    const html = page(
      product('"name":"Case for Phone X","sku":"CASE-1","offers":{"price":"9.90","priceCurrency":"EUR"}') +
        product(
          '"name":"Phone X","url":"https://shop.example/p/chair","sku":"PX","offers":{"price":"499","priceCurrency":"EUR"}',
        ),
      '<h1>Phone X</h1>',
    );
    expect(extractProduct(html, profile())).toMatchObject({ name: 'Phone X', sku: 'PX', price: '499.00' });
  });

  it('reads a sold-out page with its price', () => {
    const html = page(
      product(
        '"name":"Chair","offers":{"price":"1299","priceCurrency":"CZK","availability":"https://schema.org/SoldOut"}',
      ),
      '<h1>Chair</h1><p class="stock">Vyprodáno</p>',
    );
    expect(extractProduct(html, profile())).toMatchObject({
      price: '1299.00',
      currency: 'CZK',
      availability: 'OUT_OF_STOCK',
    });
  });

  it('records the lowest price of a price range shown on the page, with the range kept', () => {
    const html = page(
      '',
      '<h1>Chair</h1><span class="price">od 1 299 Kč – 1 899 Kč</span><button>Do košíku</button>',
    );
    expect(extractProduct(html, profile())).toMatchObject({
      price: '1299.00',
      price_max: '1899.00',
      price_from: true,
      currency: 'CZK',
    });
    const split = page(
      '',
      '<h1>Chair</h1><div class="price"><span>1 299 Kč</span> – <span>1 899 Kč</span></div><button>Do košíku</button>',
    );
    expect(extractProduct(split, profile())).toMatchObject({ price: '1299.00', price_max: '1899.00' });
  });

  it('records a "from" price as the lowest with no top, and one price as neither', () => {
    const from = page(
      '',
      '<h1>Chair</h1><span class="price">ab 49,90 €</span><button>In den Warenkorb</button>',
    );
    expect(extractProduct(from, profile())).toMatchObject({
      price: '49.90',
      price_max: null,
      price_from: true,
    });
    const one = extractProduct(
      page('', '<h1>Chair</h1><span class="price">49,90 €</span><button>In den Warenkorb</button>'),
      profile(),
    );
    expect(one?.price).toBe('49.90');
    expect(one).not.toHaveProperty('price_from');
  });

  it('reads a price with a no-break space between thousands', () => {
    const html = page(
      '',
      '<h1>Chair</h1><span class="price">12\u00a0499,90\u00a0Kč</span><button>Do košíku</button>',
    );
    expect(extractProduct(html, profile())).toMatchObject({ price: '12499.90', currency: 'CZK' });
  });

  it('reads the product of a 10 MB page', () => {
    const filler = `<div class="review"><p>${'Great chair, would buy again. '.repeat(30)}</p></div>`.repeat(
      11_000,
    );
    const html = page(
      product('"name":"Chair","offers":{"price":"1299","priceCurrency":"CZK"}'),
      `<h1>Chair</h1>${filler}`,
    );
    expect(html.$.html().length).toBeGreaterThan(10_000_000);
    expect(extractProduct(html, profile())).toMatchObject({ name: 'Chair', price: '1299.00' });
  });

  it("reads a marketplace page whose shown reference is in its URL, with no seller's price", () => {
    const html = readPage(
      '<html><head><title>Pink Dog Hair Dye 50ml</title></head><body><h1>Pink Dog Hair Dye 50ml</h1>' +
        '<table><tr><th>ASIN</th><td>B0756B4GVG</td></tr></table><select><option>10,00 €</option></select></body></html>',
      'https://www.market.test/dp/B0756B4GVG',
    );
    expect(extractProduct(html, profile())).toMatchObject({
      name: 'Pink Dog Hair Dye 50ml',
      sku: 'B0756B4GVG',
      price: null,
    });
    const elsewhere = readPage(html.$.html(), 'https://www.market.test/bestsellers');
    expect(extractProduct(elsewhere, profile())).toBeNull();
  });

  it('drops a trailing label whose value the template left empty from the name', () => {
    const html = page(
      ld(
        '{"@type":"Product","name":"Legend 200ml edt MONT BLANC    דגם:  ","offers":{"price":"199","priceCurrency":"ILS"}}',
      ),
    );
    expect(extractProduct(html, profile())?.name).toBe('Legend 200ml edt MONT BLANC');
  });

  it('reads RDFa with schema: prefixes and says so', () => {
    const html = page(
      '<meta property="og:title" content="Chair | Shop">',
      '<div vocab="https://schema.org/" typeof="schema:Product"><h1 property="schema:name">Chair</h1>' +
        '<span property="schema:sku">CH-9</span><span property="schema:mpn">K-77</span>' +
        '<div property="schema:offers" typeof="schema:Offer"><span property="schema:price" content="1299.90">1 299,90 Kč</span>' +
        '<meta property="schema:priceCurrency" content="CZK"><link property="schema:availability" href="https://schema.org/InStock"></div></div>',
    );
    expect(extractProduct(html, profile())).toMatchObject({
      name: 'Chair',
      sku: 'CH-9',
      mpn: 'K-77',
      price: '1299.90',
      currency: 'CZK',
      availability: 'IN_STOCK',
      source: { name: 'rdfa', price: 'rdfa', mpn: 'rdfa' },
    });
  });

  it('reads the priced microdata offer a page section marked up as an Offer wraps', () => {
    const html = page(
      '',
      '<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">BMW X1</h1>' +
        '<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><p>Winning bid:</p>' +
        '<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="5100.0">£5,100.00</span>' +
        '<span itemprop="availability" content="https://schema.org/InStock"></span><span itemprop="priceCurrency" content="GBP"></span></div></div></div>',
    );
    expect(extractProduct(html, profile())).toMatchObject({
      price: '5100.00',
      currency: 'GBP',
      availability: 'IN_STOCK',
      source: { price: 'microdata', availability: 'microdata' },
    });
  });

  it('invents no product on a listing whose cards carry data-price attributes', () => {
    const cards = ['A', 'B', 'C']
      .map((name, index) => `<li data-price="${index + 10}.00"><a href="/p/${name}">${name}</a></li>`)
      .join('');
    expect(extractProduct(page('', `<h1>Chairs</h1><ul>${cards}</ul>`), profile())).toBeNull();
  });
});

describe('readAvailability', () => {
  it.each([
    ['https://schema.org/InStock', 'IN_STOCK'],
    ['http://schema.org/PreOrder', 'PREORDER'],
    ['out of stock', 'OUT_OF_STOCK'],
    ['Není skladem', 'OUT_OF_STOCK'],
    ['Skladem', 'IN_STOCK'],
    ['Nicht auf Lager', 'OUT_OF_STOCK'],
    ['Niedostępny', 'OUT_OF_STOCK'],
    ['Dostępny', 'IN_STOCK'],
    ['En précommande', 'PREORDER'],
    ['in_stock', 'IN_STOCK'],
    ['out-of-stock', 'OUT_OF_STOCK'],
    ['Nincs készleten', 'OUT_OF_STOCK'],
    ['Raktáron', 'IN_STOCK'],
    ['Stokta yok', 'OUT_OF_STOCK'],
    ['המוצר אינו במלאי', 'OUT_OF_STOCK'],
    ['במלאי', 'IN_STOCK'],
    ['일시품절되었습니다', 'OUT_OF_STOCK'],
    ['在庫あり', 'IN_STOCK'],
    ['Usually dispatched within 2 to 3 days', 'IN_STOCK'],
    ['Disponibile presso questi venditori', 'IN_STOCK'],
    ['Vabandame, antud toode pole hetkel saadaval', 'OUT_OF_STOCK'],
    ['Saadaval', 'IN_STOCK'],
    ['Loppu', 'OUT_OF_STOCK'],
    ['Товар закончился', 'OUT_OF_STOCK'],
    ['已售完', 'OUT_OF_STOCK'],
    ['Hết hàng', 'OUT_OF_STOCK'],
    ['Notify me when available', 'OUT_OF_STOCK'],
    ['Non disponibile', 'OUT_OF_STOCK'],
    ['Laos', null],
    ['Lorem ipsum', null],
  ])('reads %s', (value, expected) => {
    expect(readAvailability(value)).toBe(expected);
  });
});
