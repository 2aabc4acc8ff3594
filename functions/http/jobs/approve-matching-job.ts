import * as v from 'valibot';
import { publicMatchingJob } from '#jobs/matching-job';
import { approveMatchingJob } from '#matching/approve-matching-job';
import { authorizedMatchingJob } from '#matching/authorized-matching-job';
import { id } from '#platform/request-fields';
import { billingHttp } from '../billing/billing-http.ts';
import { matchingJob } from './job-responses.ts';

const path = v.object({ job_id: id });

// Approval holds the quote's cap on the credit: an outage there is billing's 503.
export const handler = billingHttp(
  { path, responses: { 200: matchingJob } },
  async ({ principal, guard, path, answer }) => {
    const job = await authorizedMatchingJob(guard, path.job_id);
    return answer(200, publicMatchingJob(await approveMatchingJob(job, principal.userId)));
  },
);
