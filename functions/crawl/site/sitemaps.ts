import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Parser } from 'htmlparser2';
import type { PageFetcher } from '../net/page-fetcher.ts';

const gunzip = promisify(zlib.gunzip);

/** The sitemaps protocol allows 50 MB (uncompressed) and 50,000 URLs per file. */
const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
const PROBED_PATHS = ['/sitemap.xml', '/sitemap_index.xml'];

export interface SitemapEntry {
  url: string;
  /** As written in the sitemap (W3C datetime), or null. */
  lastmod: string | null;
}

export interface SitemapLimits {
  /** Levels of sitemap indexes followed below the given sitemaps. */
  maxDepth?: number;
  /** Sitemap files fetched in all. */
  maxSitemaps?: number;
  /** Page URLs read in all. */
  maxUrls?: number;
}

export interface SitemapSize {
  /** `<url>` entries counted (duplicates across files included). */
  urls: number;
  /** Sitemap files read. */
  sitemaps: number;
  /** A limit stopped the walk, so `urls` is a lower bound. */
  truncated: boolean;
}

const DEFAULT_LIMITS: Required<SitemapLimits> = { maxDepth: 3, maxSitemaps: 1000, maxUrls: 1_000_000 };

/**
 * The sitemaps of a site: those robots.txt lists, else the first of `/sitemap.xml` and
 * `/sitemap_index.xml` that answers with a sitemap. Empty when the shop has none.
 */
export async function discoverSitemaps(fetcher: PageFetcher, origin: string): Promise<string[]> {
  const listed = await fetcher.robotsSitemaps(origin);
  if (listed.length > 0) return listed;
  for (const path of PROBED_PATHS) {
    const page = await fetcher.fetch(new URL(path, origin).href, { maxBodyBytes: SITEMAP_MAX_BYTES });
    if (page.outcome !== 'OK') continue;
    const text = await sitemapText(page.bytes, page.body);
    if (text !== null && parseSitemap(text).kind !== null) return [page.url];
  }
  return [];
}

/** Page URLs of the given sitemaps, following sitemap indexes (gzipped or not) within the limits. */
export async function* sitemapEntries(
  fetcher: PageFetcher,
  sitemapUrls: readonly string[],
  limits: SitemapLimits = {},
): AsyncGenerator<SitemapEntry, SitemapSize> {
  const { maxDepth, maxSitemaps, maxUrls } = { ...DEFAULT_LIMITS, ...limits };
  const queue = sitemapUrls.map((url) => ({ url, depth: 0 }));
  const seen = new Set(sitemapUrls);
  const size: SitemapSize = { urls: 0, sitemaps: 0, truncated: false };
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (size.sitemaps >= maxSitemaps) return { ...size, truncated: true };
    size.sitemaps++;
    const page = await fetcher.fetch(next.url, { maxBodyBytes: SITEMAP_MAX_BYTES });
    if (page.outcome !== 'OK') continue;
    const text = await sitemapText(page.bytes, page.body);
    if (text === null) continue;
    const sitemap = parseSitemap(text);
    if (sitemap.kind === 'sitemapindex') {
      if (next.depth >= maxDepth) {
        size.truncated = true;
        continue;
      }
      for (const child of sitemap.entries) {
        const childUrl = URL.parse(child.url, page.url)?.href;
        if (childUrl === undefined || seen.has(childUrl)) continue;
        seen.add(childUrl);
        queue.push({ url: childUrl, depth: next.depth + 1 });
      }
    } else if (sitemap.kind === 'urlset') {
      for (const entry of sitemap.entries) {
        if (size.urls >= maxUrls) return { ...size, truncated: true };
        size.urls++;
        yield entry;
      }
    }
  }
  return size;
}

/** Counts the page URLs of the given sitemaps without keeping them: the size of a shop. */
export async function sitemapSize(
  fetcher: PageFetcher,
  sitemapUrls: readonly string[],
  limits: SitemapLimits = {},
): Promise<SitemapSize> {
  const entries = sitemapEntries(fetcher, sitemapUrls, limits);
  let step = await entries.next();
  while (!step.done) step = await entries.next();
  return step.value;
}

// Gzipped sitemaps are recognised by their magic bytes, whatever the URL or Content-Type says: a
// `.xml.gz` may arrive already decompressed (Content-Encoding) and a `.xml` may be gzip. Null for a
// corrupt or oversized gzip file.
async function sitemapText(bytes: Uint8Array, body: string): Promise<string | null> {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return body;
  try {
    return new TextDecoder().decode(await gunzip(bytes, { maxOutputLength: SITEMAP_MAX_BYTES }));
  } catch {
    return null;
  }
}

export interface ParsedSitemap {
  kind: 'urlset' | 'sitemapindex' | null;
  entries: SitemapEntry[];
}

/**
 * Reads a urlset or sitemapindex document. Only `<loc>` and `<lastmod>` directly inside `<url>` or
 * `<sitemap>` count, so extension tags such as `<image:loc>` are not taken for page URLs.
 */
export function parseSitemap(xml: string): ParsedSitemap {
  let kind: ParsedSitemap['kind'] = null;
  const entries: SitemapEntry[] = [];
  let depth = 0;
  let entry: { loc: string; lastmod: string; depth: number } | null = null;
  let field: 'loc' | 'lastmod' | null = null;
  const parser = new Parser(
    {
      onopentag(name) {
        depth++;
        const tag = localName(name);
        if (depth === 1 && (tag === 'urlset' || tag === 'sitemapindex')) kind = tag;
        else if (depth === 2 && kind !== null && (tag === 'url' || tag === 'sitemap')) {
          entry = { loc: '', lastmod: '', depth };
        } else if (entry && depth === entry.depth + 1 && (tag === 'loc' || tag === 'lastmod')) field = tag;
      },
      ontext(text) {
        if (entry && field) entry[field] += text;
      },
      onclosetag() {
        if (field && entry && depth === entry.depth + 1) field = null;
        else if (entry && depth === entry.depth) {
          const url = entry.loc.trim();
          if (url) entries.push({ url, lastmod: entry.lastmod.trim() || null });
          entry = null;
        }
        depth--;
      },
    },
    { xmlMode: true },
  );
  parser.write(xml);
  parser.end();
  return { kind, entries };
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1).toLowerCase();
}
