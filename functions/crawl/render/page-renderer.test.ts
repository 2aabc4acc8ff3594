import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  Cleanup,
  type Handler,
  routes,
  startServer,
  testFetcher,
  text,
} from '../../../test/helpers/request-log-server.ts';
import { DEFAULT_USER_AGENT } from '../net/fetcher.ts';
import { DEFAULT_CHROMIUM_PATH, launchChromium } from './launch-chromium.ts';
import { createPageRenderer, type PageRenderer } from './page-renderer.ts';
import { renderingFetcher } from './rendering-fetcher.ts';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const renderers: PageRenderer[] = [];
afterAll(async () => {
  for (const renderer of renderers) await renderer.close();
});

const executablePath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;

function json(body: unknown): Handler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
}

const page = (script: string, body = '<div id="app">Loading…</div>'): Handler =>
  text(
    `<!DOCTYPE html><html><head><title>Shop</title></head><body>${body}<script>${script}</script></body></html>`,
  );

async function renderingFetcherFor(servers: Parameters<typeof testFetcher>[0], pageTimeoutMs = 5_000) {
  const http = testFetcher(servers);
  const renderer = createPageRenderer({
    launch: () => launchChromium({ executablePath }),
    fetcher: http,
    userAgent: DEFAULT_USER_AGENT,
    pageTimeoutMs,
  });
  renderers.push(renderer);
  return { fetcher: cleanup.add(renderingFetcher(http, renderer)), renderer };
}

describe('rendering a page in Chromium', () => {
  it('reads product data a script fetched from a JSON endpoint, through the crawler fetcher', async () => {
    const server = cleanup.add(
      await startServer(
        routes({
          '/p/1': page(
            "fetch('/api/p/1.json').then((r) => r.json()).then((d) => { document.getElementById('app').innerHTML = '<h1>' + d.name + '</h1><span class=price>' + d.price + '</span>'; });",
          ),
          '/api/p/1.json': json({ name: 'Trail shoe X', price: '89.90' }),
        }),
      ),
    );
    const { fetcher } = await renderingFetcherFor([server]);

    const rendered = await fetcher.fetch(`${server.origin}/p/1`);

    expect(rendered.outcome).toBe('OK');
    expect(rendered.body).toContain('<h1>Trail shoe X</h1>');
    // The document is fetched once, by the crawler; the JSON as well, with the crawler's User-Agent.
    expect(server.paths().filter((path) => path === '/p/1')).toHaveLength(1);
    expect(server.requests.find((request) => request.path === '/api/p/1.json')?.userAgent).toBe(
      DEFAULT_USER_AGENT,
    );
  }, 30_000);

  it("refuses a page's requests to addresses the SSRF guard refuses, and navigations elsewhere", async () => {
    const hidden = cleanup.add(await startServer(routes({ '/secret': json({ secret: 1 }) })));
    const server = cleanup.add(
      await startServer(
        routes({
          '/p/1': page(
            `fetch('${hidden.origin}/secret').then(() => document.title = 'leaked', () => document.title = 'refused');
             window.open('${hidden.origin}/popup');
             setTimeout(() => { location.href = '${hidden.origin}/elsewhere'; }, 50);`,
            '<h1>Kept</h1>',
          ),
        }),
      ),
    );
    // Only the shop's own server is allowed at its loopback address, as CRAWL_ALLOWED_HOSTS does.
    const { fetcher } = await renderingFetcherFor([server]);

    const rendered = await fetcher.fetch(`${server.origin}/p/1`);

    expect(rendered.error).toBeUndefined();
    expect(rendered.body).toContain('<h1>Kept</h1>');
    expect(rendered.body).toContain('<title>refused</title>');
    expect(hidden.requests).toHaveLength(0);
  }, 30_000);

  it('ends a page whose script never stops, within its time, and renders the next one', async () => {
    const server = cleanup.add(
      await startServer(
        routes({
          '/loop': page('for (;;) {}'),
          '/fine': page("document.getElementById('app').textContent = 'rendered';"),
        }),
      ),
    );
    const { fetcher } = await renderingFetcherFor([server], 2_000);

    const started = performance.now();
    const looping = await fetcher.fetch(`${server.origin}/loop`);
    const fine = await fetcher.fetch(`${server.origin}/fine`);

    expect(looping.outcome).toBe('RENDER_FAILED');
    expect(looping.error).toContain('RenderTimeoutError');
    expect(fine.error).toBeUndefined();
    expect(fine.outcome).toBe('OK');
    expect(fine.body).toContain('rendered');
    expect(performance.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('removes a consent overlay and keeps the page behind it', async () => {
    // Built by the script, as consent tools do, so the served HTML holds no part of it.
    const overlay = `const box = document.createElement('div');
      box.id = ['cookie', 'banner'].join('-');
      box.style.position = 'fixed';
      const heading = document.createElement('h1');
      heading.textContent = ['We value', 'your privacy'].join(' ');
      box.append(heading, 'We use cookies.', document.createElement('button'));
      document.body.prepend(box);`;
    const server = cleanup.add(
      await startServer(
        routes({
          '/p/1': page(overlay, '<main><h1>Trail shoe X</h1></main>'),
        }),
      ),
    );
    const { fetcher } = await renderingFetcherFor([server]);

    const rendered = await fetcher.fetch(`${server.origin}/p/1`);

    expect(rendered.body).toContain('<h1>Trail shoe X</h1>');
    expect(rendered.body).not.toContain('<div id="cookie-banner"');
    expect(rendered.body).not.toContain('<h1>We value your privacy</h1>');
  }, 30_000);

  it('starts no browser for what is not HTML', async () => {
    const server = cleanup.add(await startServer(routes({ '/sitemap.xml': json({}) })));
    const { fetcher, renderer } = await renderingFetcherFor([server]);

    expect((await fetcher.fetch(`${server.origin}/sitemap.xml`)).outcome).toBe('OK');
    expect(renderer.launched).toBe(false);
  });
});
