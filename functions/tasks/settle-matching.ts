import { laneTask } from '#jobs/lane-task';
import type { MatchingStep } from '#jobs/matching-job';
import { settleMatching } from '#matching/settle-matching';

/** The matching lane's Settle state: the pairs processed settled and charged once (a sample: free). */
export const handler = laneTask(
  (input: { job_id: string }): Promise<MatchingStep> => settleMatching(input.job_id),
);
