import * as v from 'valibot';
import { authorizedProject } from '#access/authorized-project';
import { listScrapeJobs } from '#jobs/list-scrape-jobs';
import { publicScrapeJob } from '#jobs/scrape-job';
import { json } from '#platform/http-response';
import { id, limit } from '#platform/request-fields';
import { http } from '../http.ts';
import { scrapeJob } from './job-responses.ts';

const query = v.object({ project_id: id, website_id: v.optional(id), limit });

export const handler = http(
  { query, responses: { 200: v.array(scrapeJob) } },
  async ({ principal, query }) => {
    await authorizedProject(principal, query.project_id, 'READ');
    const jobs = await listScrapeJobs(query.project_id, { limit: query.limit, websiteId: query.website_id });
    return json(200, jobs.map(publicScrapeJob));
  },
);
