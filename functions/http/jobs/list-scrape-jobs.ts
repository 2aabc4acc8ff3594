import * as v from 'valibot';
import { publicScrapeJob } from '#jobs/scrape-job';
import { cursor, id, limit } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { listScrapeJobs } from '#scraping/list-scrape-jobs';
import { http } from '../http.ts';
import { listPage } from '../list-page.ts';
import { scrapeJob } from './job-responses.ts';

const query = v.object({ project_id: id, website_id: v.optional(id), limit, cursor });

export const handler = http(
  { query, responses: { 200: v.array(scrapeJob) } },
  async ({ principal, guard, query, event, baseUrl }) => {
    await authorizedProject(guard, query.project_id);
    const page = await listPage(event, principal, baseUrl, query.cursor);
    const { values, next } = await listScrapeJobs(query.project_id, {
      limit: query.limit,
      websiteId: query.website_id,
      after: page.after,
    });
    return page.answer(values.map(publicScrapeJob), next);
  },
);
