import { laneTask } from '#jobs/lane-task';
import type { MatchingStep } from '#jobs/matching-job';
import { finishMatching } from '#matching/finish-matching';

/** The matching lane's Export state: the match files and the project's overlap. */
export const handler = laneTask(
  (input: { job_id: string }): Promise<MatchingStep> => finishMatching(input.job_id),
);
