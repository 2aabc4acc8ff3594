import { laneTask } from '#jobs/lane-task';
import { scrapeBatch } from '#scraping/run-scrape';

/** One item of the scrape lane's Map: a batch of URLs, named by its index, from its URL `from`. */
export const handler = laneTask(
  (input: { job_id: string; batch: number; crawl_delay_seconds: number | null; from?: number }) =>
    scrapeBatch(input.job_id, input.batch, input.crawl_delay_seconds, input.from ?? 0),
);
