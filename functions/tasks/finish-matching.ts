import { finishMatching } from '#jobs/finish-matching';
import type { MatchingStep } from '#jobs/matching-job';

/** The matching lane's Export state: the match files and the project's overlap. */
export const handler = (input: { job_id: string }): Promise<MatchingStep> => finishMatching(input.job_id);
