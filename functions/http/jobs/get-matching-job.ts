import * as v from 'valibot';
import { publicMatchingJob } from '#jobs/matching-job';
import { http } from '#platform/http';
import { json } from '#platform/http-response';
import { authorizedMatchingJob } from '../authorized-matching-job.ts';
import { id } from '../fields.ts';
import { matchingJob } from './job-responses.ts';

const path = v.object({ job_id: id });

export const handler = http({ path, responses: { 200: matchingJob } }, async ({ principal, path }) =>
  json(200, publicMatchingJob(await authorizedMatchingJob(principal, path.job_id, 'READ'))),
);
