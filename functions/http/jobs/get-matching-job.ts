import * as v from 'valibot';
import { publicMatchingJob } from '#jobs/matching-job';
import { authorizedMatchingJob } from '#matching/authorized-matching-job';
import { id } from '#platform/request-fields';
import { http } from '../http.ts';
import { matchingJob } from './job-responses.ts';

const path = v.object({ job_id: id });

export const handler = http({ path, responses: { 200: matchingJob } }, async ({ guard, path, answer }) =>
  answer(200, publicMatchingJob(await authorizedMatchingJob(guard, path.job_id))),
);
