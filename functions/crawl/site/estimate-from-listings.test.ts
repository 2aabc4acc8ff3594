import { afterAll, describe, expect, it } from 'vitest';
import { type HandMadeShop, startHandMadeShop } from '#test/hostile-shop';
import { createFetcher } from '../net/fetcher.ts';
import { analyseSite } from './analyse-site.ts';

const fetcher = createFetcher({ allowedHosts: ['127.0.0.1'], minDelayMs: 0 });
const shops: HandMadeShop[] = [];

afterAll(async () => {
  await fetcher.close();
  await Promise.all(shops.map((shop) => shop.close()));
});

/** How a listing names its other pages. */
interface Paging {
  /** The path and query of page `n` (page 1 may have none). */
  href: (n: number) => string;
  /** The page's own number from its query, null when the request is not a listing page. */
  number: (path: string, query: URLSearchParams) => number | null;
  /** Numbered links around the current page ("1 2 3 … 5"); false shows only a "next" link. */
  numbers: boolean;
  /** A "showing 1–6 of 25" text in the shop's language. */
  showing?: (from: number, to: number, total: number) => string;
  /** `<link rel="next">` in the head as well. */
  headNext?: boolean;
  /** A link to the same listing sorted by price, itself paginated: the same products again. */
  sortLink?: boolean;
}

const price = (k: number) => `${(1 + k / 10).toFixed(2).replace('.', ',')} €`;
const layout = (head: string, body: string) =>
  `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Mühle</title>${head}</head><body><header><nav><a href="/">Startseite</a> <a href="/mehl">Mehl</a> <a href="/ueber-uns">Über uns</a></nav></header>${body}</body></html>`;

const productPage = (k: number) =>
  layout(
    '',
    `<main><h1>Mehl Nr. ${k} 1 kg</h1><div class="price">${price(k)}</div><p>Feines Mehl aus der Mühle, Sorte ${k}.</p><button class="add-to-cart">In den Warenkorb</button></main>`,
  );

/** A mill selling `products` kinds of flour on one listing, `perPage` cards a page. */
async function startMill(
  products: number,
  perPage: number,
  paging: Paging,
  slowRequest?: number,
): Promise<HandMadeShop> {
  let productRequests = 0;
  const last = Math.ceil(products / perPage);
  const listing = (n: number, paging: Paging) => {
    const from = (n - 1) * perPage + 1;
    const to = Math.min(products, n * perPage);
    const cards = Array.from({ length: to - from + 1 }, (_, i) => from + i)
      .map(
        (k) =>
          `<div class="product-card"><a href="/p/${k}"><img src="/img/${k}.jpg" alt=""></a><h2><a href="/p/${k}">Mehl Nr. ${k}</a></h2><span class="price">${price(k)}</span></div>`,
      )
      .join('');
    const numbers = paging.numbers
      ? [...new Set([1, n - 1, n, n + 1, last])]
          .filter((m) => m >= 1 && m <= last)
          .sort((a, b) => a - b)
          .map((m) => (m === n ? `<span>${m}</span>` : `<a href="${paging.href(m)}">${m}</a>`))
          .join(' ')
      : '';
    const next = n < last ? ` <a class="next" href="${paging.href(n + 1)}">Weiter</a>` : '';
    const head = paging.headNext && n < last ? `<link rel="next" href="${paging.href(n + 1)}">` : '';
    return layout(
      head,
      `<main><h1>Mehl</h1>${paging.sortLink ? '<a href="/mehl?sort=price">Preis aufsteigend</a>' : ''}${paging.showing ? `<p>${paging.showing(from, to, products)}</p>` : ''}<div class="grid">${cards}</div><nav class="pages">${numbers}${next}</nav></main>`,
    );
  };
  const shop = await startHandMadeShop((path, query) => {
    if (path === '/') return { html: layout('', '<main><h1>Die Mühle</h1><p>Willkommen.</p></main>') };
    if (path === '/ueber-uns') return { html: layout('', '<main><h1>Über uns</h1><p>Seit 1890.</p></main>') };
    const product = /^\/p\/(\d+)$/.exec(path);
    if (product)
      return {
        html: productPage(Number(product[1])),
        delayMs: ++productRequests === slowRequest ? 3000 : 0,
      };
    if (paging.sortLink && path === '/mehl' && query.get('sort') === 'price') {
      const n = Number(query.get('seite') ?? '1');
      const sorted = { ...paging, href: (m: number) => `/mehl?sort=price&seite=${m}`, sortLink: false };
      return n >= 1 && n <= last ? { html: listing(n, sorted) } : null;
    }
    const n = paging.number(path, query);
    return n !== null && n >= 1 && n <= last ? { html: listing(n, paging) } : null;
  }, null);
  shops.push(shop);
  return shop;
}

const seite: Pick<Paging, 'href' | 'number'> = {
  href: (n) => (n === 1 ? '/mehl' : `/mehl?seite=${n}`),
  number: (path, query) => (path === '/mehl' ? Number(query.get('seite') ?? '1') : null),
};

const estimate = async (shop: HandMadeShop, crawlBudget: number) =>
  (await analyseSite(`${shop.origin}/`, fetcher, { country: 'DE', maxProducts: 50_000, crawlBudget }))
    .progress.products_estimate;

describe('estimating a shop without a sitemap from its listings', () => {
  it('counts every product of a 25-product shop paginated by ?seite=N when it reads every page', async () => {
    const shop = await startMill(25, 6, { ...seite, numbers: true });
    expect(await estimate(shop, 150)).toBe(25);
  });

  it.each([
    ['numbered ?seite=N links', { ...seite, numbers: true }],
    [
      '"1–6 von 25 Artikeln"',
      {
        ...seite,
        numbers: false,
        showing: (f: number, t: number, all: number) => `${f}–${t} von ${all} Artikeln`,
      },
    ],
    [
      '/seite-N/ paths',
      {
        href: (n: number) => (n === 1 ? '/mehl' : `/mehl/seite-${n}/`),
        number: (path: string) =>
          path === '/mehl' ? 1 : Number(/^\/mehl\/seite-(\d+)\/$/.exec(path)?.[1] ?? Number.NaN) || null,
        numbers: true,
      },
    ],
  ] as [string, Paging][])('sizes it within 20 %% from page 1 and its pagination (%s)', async (_, paging) => {
    const shop = await startMill(25, 6, paging);
    // The home page and the first listing page only: the rest must come from the pagination.
    const estimated = await estimate(shop, 2);
    expect(Math.abs(estimated - 25)).toBeLessThanOrEqual(5);
  });

  it('counts a sorted copy of a listing once', async () => {
    const shop = await startMill(25, 6, { ...seite, numbers: true, sortLink: true });
    // The home page, the listing, "about us" and the sorted listing's first page.
    const estimated = await estimate(shop, 3);
    expect(shop.requests).toContain('/mehl?sort=price');
    expect(Math.abs(estimated - 25)).toBeLessThanOrEqual(5);
  });

  it('follows a "Weiter" link and rel="next" alone, which name no last page, to the end', async () => {
    const shop = await startMill(25, 6, { ...seite, numbers: false, headNext: true });
    expect(await estimate(shop, 150)).toBe(25);
  });

  it('takes the total a listing states when its other pages load by script ("load more")', async () => {
    const shop = await startMill(25, 6, {
      ...seite,
      href: () => '#',
      numbers: false,
      showing: (f, t, all) => `Zeige ${f}–${t} von ${all} Artikeln`,
    });
    expect(await estimate(shop, 150)).toBe(25);
  });

  it('judges the share of product pages on the sampled pages it could read', async () => {
    // The second of the three sampled product pages times out.
    const shop = await startMill(25, 6, { ...seite, numbers: true }, 2);
    const impatient = createFetcher({
      allowedHosts: ['127.0.0.1'],
      minDelayMs: 0,
      maxRetries: 0,
      timeoutMs: 500,
    });
    try {
      const analysis = await analyseSite(`${shop.origin}/`, impatient, {
        country: 'DE',
        maxProducts: 50_000,
      });
      expect(shop.requests.filter((path) => path.startsWith('/p/'))).toHaveLength(3);
      expect(analysis.progress.products_estimate).toBe(25);
    } finally {
      await impatient.close();
    }
  });

  it('sizes a deep listing from its "showing" text without reading its pages', async () => {
    const shop = await startMill(240, 24, {
      ...seite,
      numbers: true,
      showing: (f, t, all) => `Showing ${f}–${t} of ${all} results`,
    });
    const estimated = await estimate(shop, 2);
    expect(estimated).toBe(240);
    expect(shop.requests.filter((path) => path.includes('seite=')).length).toBeLessThanOrEqual(1);
  });
});
