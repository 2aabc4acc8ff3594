import { scrapeBatch } from '#jobs/run-scrape';

/** One item of the scrape lane's Map: a batch of URLs, named by its index. */
export const handler = (input: { job_id: string; batch: number; crawl_delay_seconds: number | null }) =>
  scrapeBatch(input.job_id, input.batch, input.crawl_delay_seconds);
