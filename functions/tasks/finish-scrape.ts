import { laneTask } from '#jobs/lane-task';
import { matchingReads } from '#matching/matching-services';
import { finishScrape } from '#scraping/finish-scrape';
import type { ScrapeStep } from '#scraping/run-scrape';

/** The scrape lane's Export state. */
export const handler = laneTask(
  (input: { job_id: string }): Promise<ScrapeStep> => finishScrape(input.job_id, matchingReads),
);
