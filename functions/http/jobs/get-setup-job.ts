import * as v from 'valibot';
import { publicSetupJob, type SetupFields } from '#jobs/setup-job';
import { http } from '#platform/http';
import { json } from '#platform/http-response';
import { authorizedJob } from '../authorized-job.ts';
import { id } from '../fields.ts';
import { setupJob } from './job-responses.ts';

const path = v.object({ job_id: id });

export const handler = http({ path, responses: { 200: setupJob } }, async ({ principal, path }) =>
  json(
    200,
    publicSetupJob(await authorizedJob<SetupFields>(principal, path.job_id, 'READ', 'WEBSITE_SETUP')),
  ),
);
