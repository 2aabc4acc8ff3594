import * as v from 'valibot';
import { publicMatchingJob } from '#jobs/matching-job';
import { listMatchingJobs } from '#matching/list-matching-jobs';
import { cursor, id, limit } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { http } from '../http.ts';
import { listPage } from '../list-page.ts';
import { matchingJob } from './job-responses.ts';

const query = v.object({ project_id: id, limit, cursor });

export const handler = http(
  { query, responses: { 200: v.array(matchingJob) } },
  async ({ principal, guard, query, event, baseUrl }) => {
    await authorizedProject(guard, query.project_id);
    const page = await listPage(event, principal, baseUrl, query.cursor);
    const { values, next } = await listMatchingJobs(query.project_id, {
      limit: query.limit,
      after: page.after,
    });
    return page.answer(values.map(publicMatchingJob), next);
  },
);
