import * as v from 'valibot';
import { authorizedJob } from '#jobs/authorized-job';
import type { SetupFields } from '#jobs/setup-job';
import { noContent } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { removeSetupJob } from '#setup/remove-setup-job';
import { http } from '../http.ts';

const path = v.object({ job_id: id });

export const handler = http({ path, responses: { 204: null } }, async ({ guard, path }) => {
  await removeSetupJob(await authorizedJob<SetupFields>(guard, path.job_id, 'WEBSITE_SETUP'));
  return noContent();
});
