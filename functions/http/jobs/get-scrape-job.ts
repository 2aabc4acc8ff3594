import * as v from 'valibot';
import { publicScrapeJob } from '#jobs/scrape-job';
import { http } from '#platform/http';
import { json } from '#platform/http-response';
import { authorizedScrapeJob } from '../authorized-scrape-job.ts';
import { id } from '../fields.ts';
import { scrapeJob } from './job-responses.ts';

const path = v.object({ job_id: id });

export const handler = http({ path, responses: { 200: scrapeJob } }, async ({ principal, path }) =>
  json(200, publicScrapeJob(await authorizedScrapeJob(principal, path.job_id, 'READ'))),
);
