import { laneTask } from '#jobs/lane-task';
import { type ScrapeStep, settleScrape } from '#scraping/run-scrape';

/** The scrape lane's Settle state: the catalog merged, the products delivered charged once. */
export const handler = laneTask(
  (input: { job_id: string }): Promise<ScrapeStep> => settleScrape(input.job_id),
);
