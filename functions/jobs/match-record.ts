import type { MatchRecord } from '#exports/export-datasets';
import { describeEvidence } from '#match/describe-evidence';
import type { ProductMatch } from '#match/match-catalogs';

/**
 * A match of the engine as exports show it. `method` names the strongest evidence: equal GTINs,
 * equal MPNs, a shared model code, or the text alone.
 */
export function matchRecord(referenceWebsiteId: string, match: ProductMatch): MatchRecord {
  const { evidence } = match;
  const method =
    evidence.gtin === 'equal'
      ? 'GTIN'
      : evidence.mpn === 'equal'
        ? 'MPN'
        : evidence.codes.length > 0
          ? 'MODEL_CODE'
          : 'TEXT';
  return {
    reference_website_id: referenceWebsiteId,
    reference_url: match.reference_url,
    competitor_website_id: match.website_id,
    competitor_url: match.url,
    score: Math.round(match.score * 1000) / 1000,
    method,
    confidence: Math.round(match.confidence * 1000) / 1000,
    evidence: describeEvidence(evidence),
    ...(match.alternatives
      ? {
          alternatives: match.alternatives.map((alternative) => ({
            competitor_url: alternative.url,
            confidence: Math.round(alternative.confidence * 1000) / 1000,
            evidence: describeEvidence(alternative.evidence),
          })),
        }
      : {}),
  };
}
