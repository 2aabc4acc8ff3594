import * as v from 'valibot';
import { authorizedJob } from '#jobs/authorized-job';
import { publicSetupJob, type SetupFields } from '#jobs/setup-job';
import { id } from '#platform/request-fields';
import { http } from '../http.ts';
import { setupJob } from './job-responses.ts';

const path = v.object({ job_id: id });

export const handler = http({ path, responses: { 200: setupJob } }, async ({ guard, path, answer }) =>
  answer(200, publicSetupJob(await authorizedJob<SetupFields>(guard, path.job_id, 'WEBSITE_SETUP'))),
);
