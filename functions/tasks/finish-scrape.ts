import { finishScrape } from '#jobs/finish-scrape';
import { laneTask } from '#jobs/lane-task';
import type { ScrapeStep } from '#jobs/run-scrape';

/** The scrape lane's Export state. */
export const handler = laneTask(
  (input: { job_id: string }): Promise<ScrapeStep> => finishScrape(input.job_id),
);
