import * as v from 'valibot';
import { Conflict } from '#core/problem';
import { authorizedJob } from '#jobs/authorized-job';
import { stopJob } from '#jobs/end-job';
import { jobView } from '#jobs/job-view';
import { id } from '#platform/request-fields';
import { http } from '../http.ts';
import { anyJob } from './job-responses.ts';

const path = v.object({ job_id: id });

export const handler = http({ path, responses: { 200: anyJob } }, async ({ guard, path, answer }) => {
  const outcome = await stopJob(await authorizedJob(guard, path.job_id), 'CANCEL');
  if ('refused' in outcome) {
    throw Conflict(
      'JOB_NOT_CANCELLABLE',
      `A job in status ${outcome.job.status} cannot be cancelled: it is approved, settling or finished.`,
    );
  }
  return answer(200, jobView(outcome.stopped));
});
