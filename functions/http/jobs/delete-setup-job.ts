import * as v from 'valibot';
import { authorizedJob } from '#access/authorized-job';
import { removeSetupJob } from '#jobs/remove-setup-job';
import type { SetupFields } from '#jobs/setup-job';
import { noContent } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { http } from '../http.ts';

const path = v.object({ job_id: id });

export const handler = http({ path, responses: { 204: null } }, async ({ principal, path }) => {
  await removeSetupJob(
    await authorizedJob<SetupFields>(principal, path.job_id, 'REMOVE_SETUP_JOB', 'WEBSITE_SETUP'),
  );
  return noContent();
});
