import { createHash } from 'node:crypto';
import { type ProposalBand, proposalBand } from '#core/match-bands';

/**
 * Users' review of matches, per project: a proposed pair ACCEPTED or REJECTED, or a pair added by
 * hand (MANUAL). Decisions outlive matching runs; they are laid over each run's proposals when the
 * match files are built, so the engine's scoring is never touched by them.
 */
export const MATCH_DECISION_KINDS = ['ACCEPTED', 'REJECTED', 'MANUAL'] as const;
export type MatchDecisionKind = (typeof MATCH_DECISION_KINDS)[number];

/**
 * What the `match_status` column says of a match: a proposal of the engine in its band (`auto` or
 * `review`, by the project's `auto_accept_confidence`), or a pair a person kept.
 */
export type MatchStatus = ProposalBand | 'accepted' | 'manual';

/** Whether the price comparison and the change alerts trust a match: every status but `review`. */
export const isTrusted = (status: MatchStatus): boolean => status !== 'review';

/** Two products by their identity in the matches export: website and product URL on each side. */
export interface ProductPair {
  reference_website_id: string;
  reference_url: string;
  competitor_website_id: string;
  competitor_url: string;
}

/** The engine's proposal an ACCEPTED decision accepted, shown once the engine stops proposing it. */
export interface AcceptedProposal {
  score: number;
  method: string;
  confidence?: number;
  evidence?: string;
}

export interface MatchDecision extends ProductPair {
  decision_id: string;
  project_id: string;
  decision: MatchDecisionKind;
  decided_by: string;
  decided_at: string;
  /** ACCEPTED only. */
  proposal: AcceptedProposal | null;
}

/** A decision as the API shows it: without the stored proposal, which the exports show. */
export type PublicMatchDecision = Omit<MatchDecision, 'proposal'>;

export const publicMatchDecision = ({
  proposal: _proposal,
  ...decision
}: MatchDecision): PublicMatchDecision => decision;

const digest = (parts: readonly string[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 40);

/** Whether the decision keeps its pair as a match (the rest only removes one). */
export const isKept = (decision: Pick<MatchDecision, 'decision'>) => decision.decision !== 'REJECTED';

/**
 * The id of a pair's decision, the same whichever website the caller named the reference: a pair
 * has one decision, and the id is its table key, so two decisions on one pair cannot both be written.
 */
export function decisionId(pair: ProductPair): string {
  const sides = [
    [pair.reference_website_id, pair.reference_url],
    [pair.competitor_website_id, pair.competitor_url],
  ].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  return `mdc_${digest(sides.flat())}`;
}

/**
 * The two product slots a kept pair holds: each product, towards the other website. Matching is one
 * to one per pair of websites, so a slot holds one kept pair; the store writes a slot item per key.
 */
export function keptSlots(pair: ProductPair): [string, string] {
  return [
    digest([pair.reference_website_id, pair.reference_url, pair.competitor_website_id]),
    digest([pair.competitor_website_id, pair.competitor_url, pair.reference_website_id]),
  ];
}

/** The pair seen from `referenceWebsiteId` (a decision named the other way round is swapped). */
export function orient<P extends ProductPair>(pair: P, referenceWebsiteId: string): P {
  if (pair.reference_website_id === referenceWebsiteId) return pair;
  return {
    ...pair,
    reference_website_id: pair.competitor_website_id,
    reference_url: pair.competitor_url,
    competitor_website_id: pair.reference_website_id,
    competitor_url: pair.reference_url,
  };
}

/** How a wanted decision meets the project's decisions. */
export type DecisionClash =
  | { kind: 'NONE' }
  /** The pair already has this very decision: asking again changes nothing. */
  | { kind: 'SAME'; decision: MatchDecision }
  /** The pair has another decision, or a kept pair already holds one of the two products' slots. */
  | { kind: 'CONFLICT'; decision: MatchDecision };

export function decisionClash(
  existing: readonly MatchDecision[],
  wanted: ProductPair & { decision: MatchDecisionKind },
): DecisionClash {
  const id = decisionId(wanted);
  const samePair = existing.find((decision) => decision.decision_id === id);
  if (samePair) {
    return samePair.decision === wanted.decision
      ? { kind: 'SAME', decision: samePair }
      : { kind: 'CONFLICT', decision: samePair };
  }
  if (!isKept(wanted)) return { kind: 'NONE' };
  const slots = new Set(keptSlots(wanted));
  const holder = existing.find(
    (decision) => isKept(decision) && keptSlots(decision).some((slot) => slots.has(slot)),
  );
  return holder ? { kind: 'CONFLICT', decision: holder } : { kind: 'NONE' };
}

export type Reviewed<M> = M & { status: MatchStatus };

const statusOf = (decision: MatchDecision): MatchStatus =>
  decision.decision === 'MANUAL' ? 'manual' : 'accepted';

/**
 * The matches of a reference website against its competitors once the decisions are laid over the
 * engine's proposals: a rejected pair is left out; a kept pair (accepted or manual) is shown, as
 * the engine proposed it or, when it no longer does, as `decided` builds it; and a proposal that
 * would pair a product of a kept pair with another product of the same competitor website is left
 * out, since matching is one to one per pair of websites. Decisions of other websites are ignored.
 * A proposal without a decision is `auto` or `review` by its confidence and `autoAcceptConfidence`.
 */
export function reviewMatches<M extends ProductPair & { confidence?: number }>(
  referenceWebsiteId: string,
  competitorWebsiteIds: readonly string[],
  proposals: readonly M[],
  decisions: readonly MatchDecision[],
  decided: (decision: MatchDecision) => M,
  autoAcceptConfidence: number,
): Reviewed<M>[] {
  const competitors = new Set(competitorWebsiteIds);
  const relevant = decisions
    .map((decision) => orient(decision, referenceWebsiteId))
    .filter(
      (decision) =>
        decision.reference_website_id === referenceWebsiteId &&
        competitors.has(decision.competitor_website_id),
    );
  const byPair = new Map(relevant.map((decision) => [decision.decision_id, decision]));
  const heldSlots = new Set(relevant.filter(isKept).flatMap(keptSlots));
  const shown = new Set<string>();
  const reviewed: Reviewed<M>[] = [];
  for (const proposal of proposals) {
    const id = decisionId(proposal);
    const decision = byPair.get(id);
    if (decision) {
      if (!isKept(decision)) continue;
      reviewed.push({ ...proposal, status: statusOf(decision) });
      shown.add(id);
    } else if (!keptSlots(proposal).some((slot) => heldSlots.has(slot))) {
      reviewed.push({ ...proposal, status: proposalBand(proposal.confidence, autoAcceptConfidence) });
    }
  }
  for (const decision of relevant) {
    if (isKept(decision) && !shown.has(decision.decision_id))
      reviewed.push({ ...decided(decision), status: statusOf(decision) });
  }
  return reviewed;
}
