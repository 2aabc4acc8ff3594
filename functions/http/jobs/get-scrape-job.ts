import * as v from 'valibot';
import { authorizedScrapeJob } from '#jobs/authorized-scrape-job';
import { publicScrapeJob } from '#jobs/scrape-job';
import { id } from '#platform/request-fields';
import { http } from '../http.ts';
import { scrapeJob } from './job-responses.ts';

const path = v.object({ job_id: id });

export const handler = http({ path, responses: { 200: scrapeJob } }, async ({ guard, path, answer }) =>
  answer(200, publicScrapeJob(await authorizedScrapeJob(guard, path.job_id))),
);
