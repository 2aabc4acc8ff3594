import { Conflict, NotFound } from '#core/problem';
import {
  type AcceptedProposal,
  decisionClash,
  decisionId,
  type MatchDecision,
  type MatchDecisionKind,
  type ProductPair,
} from '#matching-model/match-decisions';
import type { Project } from '#projects/project';
import { catalogStore } from '#websites/catalog-services';
import { websiteStore } from '#websites/website-services';
import { matchRecord } from './match-record.ts';
import { matchDecisionStore, pairStateStore } from './matching-services.ts';

/** Writes tried while racing decisions on the same products come and go. */
const WRITE_ATTEMPTS = 3;

export interface DecisionRequest extends ProductPair {
  decision: MatchDecisionKind;
}

/** Both websites are the project's, and each names a product of its newest whole catalog. */
async function assertProducts(project: Project, request: DecisionRequest): Promise<void> {
  const sides = [
    { websiteId: request.reference_website_id, url: request.reference_url },
    { websiteId: request.competitor_website_id, url: request.competitor_url },
  ];
  const websites = await Promise.all(sides.map((side) => websiteStore.get(side.websiteId)));
  const missing = sides.filter((_, i) => websites[i]?.project_id !== project.project_id);
  if (missing.length > 0)
    throw NotFound(
      'WEBSITE_NOT_FOUND',
      `No such website: ${missing.map((side) => side.websiteId).join(', ')}.`,
    );
  const pointers = await Promise.all(sides.map((side) => catalogStore.latest(side.websiteId)));
  const uncatalogued = sides.filter((_, i) => !pointers[i]);
  if (uncatalogued.length > 0)
    throw Conflict(
      'NO_CATALOG',
      `Scrape these websites first: ${uncatalogued.map((side) => side.websiteId).join(', ')}.`,
    );
  for (const [i, side] of sides.entries()) {
    const products = await catalogStore.read(pointers[i] as { object_key: string });
    if (!products.some((product) => product.url === side.url))
      throw NotFound('PRODUCT_NOT_FOUND', `Website ${side.websiteId} has no product ${side.url}.`);
  }
}

/** The engine's newest proposal of the pair, named from either website; null when it proposes none. */
async function currentProposal(projectId: string, pair: ProductPair): Promise<AcceptedProposal | null> {
  const ways = [
    {
      reference: pair.reference_website_id,
      competitor: pair.competitor_website_id,
      urls: [pair.reference_url, pair.competitor_url],
    },
    {
      reference: pair.competitor_website_id,
      competitor: pair.reference_website_id,
      urls: [pair.competitor_url, pair.reference_url],
    },
  ];
  for (const way of ways) {
    const state = await pairStateStore.get(projectId, way.reference, way.competitor);
    const match = state?.matches.find(
      (candidate) =>
        candidate.website_id === way.competitor &&
        candidate.reference_url === way.urls[0] &&
        candidate.url === way.urls[1],
    );
    if (match) {
      const { score, method, confidence, evidence } = matchRecord(way.reference, match);
      return {
        score,
        method,
        ...(confidence === undefined ? {} : { confidence }),
        ...(evidence === undefined ? {} : { evidence }),
      };
    }
  }
  return null;
}

function conflictProblem(existing: MatchDecision) {
  return Conflict(
    'MATCH_DECISION_CONFLICT',
    `Decision ${existing.decision_id} (${existing.decision}) already covers these products; remove it first.`,
    { decision_id: existing.decision_id },
  );
}

/**
 * Records a user's decision on a pair of products. The same decision again answers the one held
 * (created false); another decision on the pair, or a kept pair that would give a product a second
 * partner on the same website, is a conflict. ACCEPTED needs the engine's newest run of the two
 * websites to propose the pair (use MANUAL for any other pair) and keeps that proposal's score.
 */
export async function decideMatch(
  project: Project,
  userId: string,
  request: DecisionRequest,
): Promise<{ decision: MatchDecision; created: boolean }> {
  await assertProducts(project, request);
  const proposal =
    request.decision === 'ACCEPTED' ? await currentProposal(project.project_id, request) : null;
  const decision: MatchDecision = {
    decision_id: decisionId(request),
    project_id: project.project_id,
    reference_website_id: request.reference_website_id,
    reference_url: request.reference_url,
    competitor_website_id: request.competitor_website_id,
    competitor_url: request.competitor_url,
    decision: request.decision,
    decided_by: userId,
    decided_at: new Date().toISOString(),
    proposal,
  };
  // A failed write means another request decided on these products meanwhile: read again. The
  // decision it met may itself be withdrawn by then, so the write is tried again, a few times.
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const clash = decisionClash(await matchDecisionStore.list(project.project_id), request);
    if (clash.kind === 'SAME') return { decision: clash.decision, created: false };
    if (clash.kind === 'CONFLICT') throw conflictProblem(clash.decision);
    if (request.decision === 'ACCEPTED' && !proposal)
      throw Conflict(
        'MATCH_NOT_PROPOSED',
        'The newest matching of these websites does not propose this pair; add it as MANUAL instead.',
      );
    if (await matchDecisionStore.record(decision)) return { decision, created: true };
  }
  throw new Error(`The match decision ${decision.decision_id} lost ${WRITE_ATTEMPTS} races in a row`);
}
