import { laneTask } from '#jobs/lane-task';
import { analyseWebsite, type StepOutcome } from '#setup/run-setup';

/** The setup lane's Analyse state. */
export const handler = laneTask(
  (input: { job_id: string }): Promise<StepOutcome> => analyseWebsite(input.job_id),
);
