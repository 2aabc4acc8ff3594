import { type AcceptanceRule, chooseMatches, type ScoredPair } from './choose-matches.ts';
import type { ProductFeatures } from './describe-product.ts';
import { findCandidates } from './find-candidates.ts';
import { indexCatalog } from './index-catalog.ts';
import { judgePair } from './judge-pair.ts';
import type { ProductMatch } from './match-catalogs.ts';
import { weighTerms } from './weigh-terms.ts';

/** One catalog of a run: its products' features and which of them are new or changed. */
export interface CatalogSide {
  website_id: string;
  features: ProductFeatures[];
  /** Positions of new or changed products. */
  modified: Set<number>;
}

export interface PairOutcome {
  /** Previous matches of this pair whose two products are unchanged. */
  kept: ProductMatch[];
  /** Matches decided in this run. */
  chosen: ProductMatch[];
}

interface PairSettings {
  candidates: number;
  rule: AcceptanceRule;
  /** Called once before the lookups with the number of reference products whose decision stands. */
  onSkipped: (count: number) => Promise<void>;
  /** Called after each lookup, of a reference product (true) or of a competitor product (false). */
  onLookup: (reference: boolean) => Promise<void>;
}

/**
 * Matches a reference catalog against one competitor catalog. A previous match whose two products
 * are unchanged is kept without scoring; new and changed products, and those whose previous partner
 * changed or disappeared, are looked up against the whole other catalog, and the pairs found are
 * assigned one to one around the kept ones.
 */
export async function matchWebsitePair(
  reference: CatalogSide,
  competitor: CatalogSide,
  previousMatches: readonly ProductMatch[],
  settings: PairSettings,
): Promise<PairOutcome> {
  const refs = reference.features;
  const comps = competitor.features;
  const refAt = new Map(refs.map((product, i) => [product.key, i]));
  const compAt = new Map(comps.map((product, i) => [product.key, i]));

  const kept: ProductMatch[] = [];
  const refQueries = new Set(reference.modified);
  const compQueries = new Set(competitor.modified);
  for (const match of previousMatches) {
    if (match.website_id !== competitor.website_id) continue;
    const r = refAt.get(match.reference_url);
    const c = compAt.get(match.url);
    const rChanged = r === undefined || reference.modified.has(r);
    const cChanged = c === undefined || competitor.modified.has(c);
    if (!rChanged && !cChanged) kept.push(match);
    else {
      if (r !== undefined) refQueries.add(r);
      if (c !== undefined) compQueries.add(c);
    }
  }

  await settings.onSkipped(refs.length - refQueries.size);
  const weights = weighTerms([refs, comps]);
  const refIndex = indexCatalog(refs);
  const compIndex = indexCatalog(comps);
  // Only scores are kept while blocking; the evidence is computed again for the chosen pairs.
  const scored = new Map<number, ScoredPair>();
  const score = (r: number, c: number): void => {
    const key = r * comps.length + c;
    if (scored.has(key)) return;
    const { score, evidence } = judgePair(
      refs[r] as ProductFeatures,
      comps[c] as ProductFeatures,
      weights,
      false,
    );
    if (score > 0)
      scored.set(key, {
        reference: r,
        competitor: c,
        score,
        coded: evidence.gtin === null && evidence.codes.length > 0,
      });
  };
  for (const r of refQueries) {
    for (const c of findCandidates(refs[r] as ProductFeatures, compIndex, weights, settings.candidates))
      score(r, c);
    await settings.onLookup(true);
  }
  for (const c of compQueries) {
    for (const r of findCandidates(comps[c] as ProductFeatures, refIndex, weights, settings.candidates))
      score(r, c);
    await settings.onLookup(false);
  }

  const taken = {
    reference: new Set(kept.map((match) => refAt.get(match.reference_url) as number)),
    competitor: new Set(kept.map((match) => compAt.get(match.url) as number)),
  };
  const chosen = chooseMatches([...scored.values()], settings.rule, taken).map((pair) => {
    const a = refs[pair.reference] as ProductFeatures;
    const b = comps[pair.competitor] as ProductFeatures;
    const { score, confidence, evidence } = judgePair(a, b, weights, true);
    return {
      reference_url: a.key,
      website_id: competitor.website_id,
      url: b.key,
      score,
      confidence,
      evidence,
    };
  });
  return { kept, chosen };
}
