import { finishScrape } from '#jobs/finish-scrape';
import type { ScrapeStep } from '#jobs/run-scrape';

/** The scrape lane's Export state. */
export const handler = (input: { job_id: string }): Promise<ScrapeStep> => finishScrape(input.job_id);
