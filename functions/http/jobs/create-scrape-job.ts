import * as v from 'valibot';
import { publicScrapeJob } from '#jobs/scrape-job';
import { id } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { createScrapeJob } from '#scraping/create-scrape-job';
import { MAX_SCRAPE_URLS } from '#websites/screen-scrape-urls';
import { http } from '../http.ts';
import { createdScrapeJob } from './job-responses.ts';

const body = v.pipe(
  v.strictObject({
    project_id: id,
    website_id: id,
    variant: v.optional(v.picklist(['FULL', 'CATALOG_URLS', 'URLS_ONLY'])),
    urls: v.optional(
      v.pipe(
        v.array(v.string()),
        v.minLength(1, 'Must list at least one URL.'),
        v.maxLength(MAX_SCRAPE_URLS, `Must list at most ${MAX_SCRAPE_URLS} URLs.`),
      ),
    ),
  }),
  v.forward(
    v.check(
      (input) =>
        input.urls === undefined
          ? input.variant !== 'URLS_ONLY'
          : (input.variant ?? 'URLS_ONLY') === 'URLS_ONLY',
      'URLS_ONLY goes with a list of urls, and a list of urls with no other variant.',
    ),
    ['variant'],
  ),
  // The reference shows a URL job: a list of URLs goes with the URLS_ONLY variant alone.
  v.examples([
    { project_id: 'a1B2c3D4', website_id: 'e5F6g7H8', urls: ['https://shop.example/products/kettle-1-7-l'] },
  ]),
);

export const handler = http(
  { body, responses: { 200: createdScrapeJob, 201: createdScrapeJob } },
  async ({ guard, body, answer }) => {
    const project = await authorizedProject(guard, body.project_id);
    const { job, created, rejected } = await createScrapeJob(project, body);
    return answer(created ? 201 : 200, { ...publicScrapeJob(job), ...rejected });
  },
);
