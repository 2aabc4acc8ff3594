import { laneTask } from '#jobs/lane-task';
import type { MatchingStep } from '#jobs/matching-job';
import { matchProducts } from '#matching/run-matching';

/** The matching lane's Match state: the catalogs matched pair by pair, with live progress. */
export const handler = laneTask(
  (input: { job_id: string }): Promise<MatchingStep> => matchProducts(input.job_id),
);
