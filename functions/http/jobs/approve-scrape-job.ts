import * as v from 'valibot';
import { authorizedScrapeJob } from '#jobs/authorized-scrape-job';
import { publicScrapeJob } from '#jobs/scrape-job';
import { id } from '#platform/request-fields';
import { approveScrapeJob } from '#scraping/approve-scrape-job';
import { billingHttp } from '../billing/billing-http.ts';
import { scrapeJob } from './job-responses.ts';

const path = v.object({ job_id: id });

// Approval holds the quote's cap on the credit: an outage there is billing's 503.
export const handler = billingHttp(
  { path, responses: { 200: scrapeJob } },
  async ({ principal, guard, path, answer }) => {
    const job = await authorizedScrapeJob(guard, path.job_id);
    return answer(200, publicScrapeJob(await approveScrapeJob(job, principal.userId)));
  },
);
