import { DisjointSets } from './disjoint-sets.ts';

/** One match between products of two websites, from any run of the project (either direction). */
export interface ProductLink {
  website_id: string;
  url: string;
  match_website_id: string;
  match_url: string;
}

/** An item of the matching job's `overlap`. */
export interface WebsiteOverlap {
  website_id: string;
  match_website_id: string;
  /** Products of `website_id` connected to at least one product of `match_website_id`. */
  products: number;
}

/**
 * Per ordered pair of websites, how many products of the first are connected by matches to a
 * product of the second, directly or through other websites: when A's product matches B's and B's
 * matches C's, A and C overlap in that product although no A-C match was made. Products are the
 * connected components of the match graph (union-find, near-linear in the number of links).
 * Pairs of `websiteIds` without any connected product are listed with 0.
 */
export function countOverlap(
  links: Iterable<ProductLink>,
  websiteIds: readonly string[] = [],
): WebsiteOverlap[] {
  const sets = new DisjointSets();
  const node = (website: string, url: string): string => JSON.stringify([website, url]);
  const products = new Map<string, [string, string]>();
  for (const link of links) {
    const a = node(link.website_id, link.url);
    const b = node(link.match_website_id, link.match_url);
    products.set(a, [link.website_id, link.url]);
    products.set(b, [link.match_website_id, link.match_url]);
    sets.union(a, b);
  }
  // Component -> website -> that website's products in the component.
  const components = new Map<string, Map<string, number>>();
  for (const [key, [website]] of products) {
    const root = sets.find(key);
    const websites = components.get(root) ?? new Map<string, number>();
    websites.set(website, (websites.get(website) ?? 0) + 1);
    components.set(root, websites);
  }
  const counts = new Map<string, number>();
  const pairKey = (a: string, b: string): string => JSON.stringify([a, b]);
  for (const websites of components.values()) {
    for (const [website, count] of websites) {
      for (const other of websites.keys()) {
        if (other !== website)
          counts.set(pairKey(website, other), (counts.get(pairKey(website, other)) ?? 0) + count);
      }
    }
  }
  for (const a of websiteIds) {
    for (const b of websiteIds) if (a !== b && !counts.has(pairKey(a, b))) counts.set(pairKey(a, b), 0);
  }
  return [...counts]
    .map(([key, products]) => {
      const [website_id, match_website_id] = JSON.parse(key) as [string, string];
      return { website_id, match_website_id, products };
    })
    .sort(
      (x, y) =>
        x.website_id.localeCompare(y.website_id) || x.match_website_id.localeCompare(y.match_website_id),
    );
}
