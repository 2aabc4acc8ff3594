import * as v from 'valibot';
import { publicSetupJob } from '#jobs/setup-job';
import { id } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { createSetupJob } from '#setup/create-setup-job';
import { billingHttp } from '../billing/billing-http.ts';
import { setupJob } from './job-responses.ts';

const body = v.strictObject({
  url: v.pipe(v.string(), v.trim(), v.minLength(1, 'Must not be empty.'), v.maxLength(2048)),
  country: v.pipe(v.string(), v.maxLength(8)),
  currency: v.pipe(v.string(), v.maxLength(8)),
  project_id: id,
});

// Creating a setup job may hold the analysis price on the credit: an outage there is billing's 503.
export const handler = billingHttp(
  { body, responses: { 200: setupJob, 201: setupJob } },
  async ({ guard, body, answer }) => {
    const project = await authorizedProject(guard, body.project_id);
    const { job, created } = await createSetupJob(project, body);
    return answer(created ? 201 : 200, publicSetupJob(job));
  },
);
