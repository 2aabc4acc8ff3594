import { startServer } from './request-log-server.ts';

/** What a page of a hand-made shop answers: its HTML, after an optional delay, or a redirect. */
export type ShopPage = { html: string; delayMs?: number } | { redirectTo: string };

export interface HandMadeShop {
  origin: string;
  /** Paths requested, in order (query included). */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves a shop from a function of the request's path and query: robots.txt allows everything and
 * names `/sitemap.xml` when `sitemap` lists paths; anything `page` answers null for is a 404.
 */
export async function startHandMadeShop(
  page: (path: string, query: URLSearchParams) => ShopPage | null,
  sitemap: readonly string[] | null,
): Promise<HandMadeShop> {
  let origin = '';
  const server = await startServer(
    (req, res) => {
      const url = shopUrl(req.url ?? '/');
      const send = (status: number, type: string, body: string): void => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      if (url.pathname === '/robots.txt')
        return send(
          200,
          'text/plain',
          `User-agent: *\nAllow: /\n${sitemap ? `Sitemap: ${origin}/sitemap.xml\n` : ''}`,
        );
      if (url.pathname === '/sitemap.xml' && sitemap)
        return send(
          200,
          'application/xml',
          `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${sitemap
            .map((path) => `<url><loc>${origin}${path}</loc></url>`)
            .join('')}</urlset>`,
        );
      const answer = page(url.pathname, url.searchParams);
      if (!answer) return send(404, 'text/html', '<h1>Not found</h1>');
      if ('redirectTo' in answer) {
        res.writeHead(302, { location: answer.redirectTo });
        res.end();
        return;
      }
      if (answer.delayMs)
        setTimeout(() => send(200, 'text/html; charset=utf-8', answer.html), answer.delayMs);
      else send(200, 'text/html; charset=utf-8', answer.html);
    },
    { keepAliveTimeoutMs: 1000 },
  );
  origin = server.origin;
  return {
    origin,
    get requests() {
      return server.paths().map((path) => {
        const url = shopUrl(path);
        return `${url.pathname}${url.search}`;
      });
    },
    close: server.close,
  };
}

const shopUrl = (path: string) => new URL(path, 'http://shop.test');

/** A product page with its data in JSON-LD, as most shops have it. */
export function productPage(name: string, sku: string, price: string, extraHead = ''): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    sku,
    offers: { '@type': 'Offer', price, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
  };
  return `<!doctype html><html lang="en"><head><title>${name}</title><script type="application/ld+json">${JSON.stringify(
    data,
  )}</script>${extraHead}</head><body><h1>${name}</h1><p class="price">$${price}</p><button>Add to cart</button></body></html>`;
}

/** A page of cards, each a link with a name and a price, and the page's other links. */
export function listingPage(
  cards: readonly { href: string; name: string; price: string }[],
  links: readonly string[],
): string {
  return `<!doctype html><html lang="en"><body><h1>All products</h1><ul>${cards
    .map(
      (card) =>
        `<li class="card"><a href="${card.href}">${card.name}</a><span class="price">$${card.price}</span></li>`,
    )
    .join('')}</ul><nav>${links.map((link) => `<a href="${link}">more</a>`).join(' ')}</nav></body></html>`;
}
