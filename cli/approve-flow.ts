import { ApiError, type PdsClient } from '../functions/client/pds-client.ts';
import type { Job } from './api-shapes.ts';
import { confirm } from './confirm.ts';
import { formatQuote } from './format-quote.ts';
import { approveJob, readJob } from './jobs-api.ts';

/**
 * Shows a waiting job's quote and approves it once the user agrees (`yes` agrees in advance). A
 * matching job repriced above its quote is refused once with 409 QUOTE_CHANGED: the new quote is
 * shown and asked for again; with `yes` the refusal stands, since the user agreed to another price.
 */
export async function approveWithConsent(
  client: PdsClient,
  kind: 'scraping' | 'matching',
  job: Job,
  yes: boolean,
): Promise<Job> {
  if (job.status !== 'AWAITING_APPROVAL') return job;
  for (let current = job; ; ) {
    if (current.estimate)
      process.stderr.write(`Quote for job ${current.job_id}: ${formatQuote(current.estimate)}\n`);
    if (!yes && !(await confirm('Approve this quote?'))) {
      process.stderr.write(`Not approved. Approve later with: pds approve ${current.job_id}\n`);
      return current;
    }
    try {
      return await approveJob(client, kind, current.job_id);
    } catch (error) {
      if (yes || !(error instanceof ApiError) || error.problem.code !== 'QUOTE_CHANGED') throw error;
      process.stderr.write('The price changed since the quote (the reference catalog grew).\n');
      current = await readJob(client, kind, current.job_id);
    }
  }
}
