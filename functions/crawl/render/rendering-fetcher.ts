import { DEFAULT_USER_AGENT } from '../net/fetcher.ts';
import type { FetchedPage, FetchOptions, PageFetcher } from '../net/page-fetcher.ts';
import { launchChromium } from './launch-chromium.ts';
import { createPageRenderer, type PageRenderer } from './page-renderer.ts';

/**
 * The fetcher of a website read with a browser, rendering in Chromium at `executablePath` over the
 * HTTP fetcher `http`; the browser starts on the first HTML page, and closing this fetcher closes
 * the browser and `http`.
 */
export function chromiumFetcher(http: PageFetcher, executablePath: string): PageFetcher {
  const renderer = createPageRenderer({
    launch: () => launchChromium({ executablePath }),
    fetcher: http,
    userAgent: DEFAULT_USER_AGENT,
  });
  return renderingFetcher(http, renderer);
}

/**
 * The fetcher of a website read with a browser: HTML pages are fetched over HTTP as always (robots,
 * politeness, SSRF guard, bot walls), then rendered, and the caller reads the DOM after the page's
 * scripts ran as the page's body. Everything else (sitemaps, robots.txt, feeds) is handed over as
 * fetched, so no browser starts for it.
 */
export function renderingFetcher(http: PageFetcher, renderer: PageRenderer): PageFetcher {
  return {
    fetch: async (url: string, options?: FetchOptions): Promise<FetchedPage> => {
      const fetched = await http.fetch(url, options);
      if (fetched.outcome !== 'OK' || !isHtml(fetched.contentType)) return fetched;
      try {
        const body = await renderer.render(fetched, options);
        return { ...fetched, body, bytes: new TextEncoder().encode(body) };
      } catch (error) {
        if (options?.signal?.aborted) throw options.signal.reason;
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        return { ...fetched, outcome: 'RENDER_FAILED', body: '', bytes: new Uint8Array(0), error: reason };
      }
    },
    isAllowed: (url) => http.isAllowed(url),
    robotsSitemaps: (origin) => http.robotsSitemaps(origin),
    crawlDelaySeconds: (origin) => http.crawlDelaySeconds(origin),
    close: async () => {
      await renderer.close();
      await http.close();
    },
  };
}

function isHtml(contentType: string | null): boolean {
  return /html|^$/i.test(contentType?.split(';')[0]?.trim() ?? '');
}
