import type { MatchRecord } from '#exports/export-datasets';
import { describeEvidence, type ProductMatch } from '#match/index';

/**
 * A confidence to three decimals, rounded down: a calibrated 0.9996 is not certain, and shown as 1 it
 * would pass a project's `auto_accept_confidence` of 1, which only decided pairs (equal GTINs) pass.
 * The hair added keeps 0.57, held as 0.56999..., at 0.57.
 */
const shownConfidence = (confidence: number) => Math.floor(confidence * 1000 + 1e-9) / 1000;

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
    confidence: shownConfidence(match.confidence),
    evidence: describeEvidence(evidence),
    ...(match.alternatives
      ? {
          alternatives: match.alternatives.map((alternative) => ({
            competitor_url: alternative.url,
            confidence: shownConfidence(alternative.confidence),
            evidence: describeEvidence(alternative.evidence),
          })),
        }
      : {}),
  };
}
