import type { MatchDecision, ProductPair } from './match-decisions.ts';

/** A pair the matching proposes, with its score. */
export interface ProposedPair extends ProductPair {
  score: number;
}

const competitorKey = (websiteId: string, url: string) => `${websiteId} ${url}`;

/**
 * The reference product each competitor product is linked to, by competitor website and URL: a pair
 * the project kept (accepted or added by hand) outranks any proposal, proposals rank by score, and a
 * rejected pair links nothing.
 */
export function matchedReferences(
  proposals: readonly ProposedPair[],
  decisions: readonly Pick<MatchDecision, keyof ProductPair | 'decision'>[],
): Map<string, ProductPair> {
  const pairKey = (pair: ProductPair) =>
    `${pair.reference_website_id} ${pair.reference_url} ${competitorKey(pair.competitor_website_id, pair.competitor_url)}`;
  const rejected = new Set(decisions.filter((d) => d.decision === 'REJECTED').map(pairKey));
  const ranked = new Map<string, { pair: ProductPair; rank: number }>();
  const offer = (pair: ProductPair, rank: number) => {
    const key = competitorKey(pair.competitor_website_id, pair.competitor_url);
    const held = ranked.get(key);
    if (!held || rank > held.rank) ranked.set(key, { pair, rank });
  };
  for (const proposal of proposals) if (!rejected.has(pairKey(proposal))) offer(proposal, proposal.score);
  for (const decision of decisions)
    if (decision.decision !== 'REJECTED') offer(decision, Number.POSITIVE_INFINITY);
  return new Map([...ranked].map(([key, { pair }]) => [key, pair]));
}

/** The reference linked to a competitor's product, if any. */
export const referenceOf = (references: Map<string, ProductPair>, websiteId: string, url: string) =>
  references.get(competitorKey(websiteId, url));
