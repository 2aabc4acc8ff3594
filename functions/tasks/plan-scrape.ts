import { laneTask } from '#jobs/lane-task';
import { planScrape, type ScrapeStep } from '#scraping/run-scrape';

/** The scrape lane's Plan state: the URLs to scrape, split into batch manifests. */
export const handler = laneTask((input: { job_id: string }): Promise<ScrapeStep> => planScrape(input.job_id));
