import * as v from 'valibot';
import { authorizedProject } from '#access/authorized-project';
import { listMatchingJobs } from '#jobs/list-matching-jobs';
import { publicMatchingJob } from '#jobs/matching-job';
import { json } from '#platform/http-response';
import { id, limit } from '#platform/request-fields';
import { http } from '../http.ts';
import { matchingJob } from './job-responses.ts';

const query = v.object({ project_id: id, limit });

export const handler = http(
  { query, responses: { 200: v.array(matchingJob) } },
  async ({ principal, query }) => {
    await authorizedProject(principal, query.project_id, 'READ');
    const jobs = await listMatchingJobs(query.project_id, { limit: query.limit });
    return json(200, jobs.map(publicMatchingJob));
  },
);
