import { scrapeBatch } from '#jobs/run-scrape';

/** One item of the scrape lane's Map: a batch of URLs, named by its index. */
export const handler = (input: { job_id: string; batch: number }) => scrapeBatch(input.job_id, input.batch);
