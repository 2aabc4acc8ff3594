import { NotFound } from '#core/problem';
import type { Project } from '#projects/project';
import { matchDecisionStore } from './matching-services.ts';

/**
 * Removes a decision: the pair is again whatever the engine proposes, from the next match files on.
 * A decision removed by a racing request is not found, as it would be a moment later.
 */
export async function removeMatchDecision(project: Project, decisionId: string): Promise<void> {
  const decision = await matchDecisionStore.get(project.project_id, decisionId);
  if (!decision || !(await matchDecisionStore.withdraw(decision)))
    throw NotFound('MATCH_DECISION_NOT_FOUND', `No match decision ${decisionId} in this project.`);
}
