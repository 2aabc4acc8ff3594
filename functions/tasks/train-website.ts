import { laneTask } from '#jobs/lane-task';
import { type StepOutcome, trainWebsite } from '#setup/run-setup';

/** The setup lane's Train state. */
export const handler = laneTask(
  (input: { job_id: string }): Promise<StepOutcome> => trainWebsite(input.job_id),
);
