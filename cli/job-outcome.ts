import type { Job } from './api-shapes.ts';
import type { Context } from './context.ts';
import { formatQuote } from './format-quote.ts';

/** Prints a job's final state and turns it into the exit code: 0 done (or waiting for approval), 1 failed. */
export function reportJob(context: Context, job: Job): number {
  const lines = [`Job ${job.job_id} (${job.job_type}): ${job.status}`];
  if (job.website_id) lines.push(`Website: ${job.website_id}`);
  if (job.status === 'AWAITING_APPROVAL') {
    if (job.estimate) lines.push(`Quote: ${formatQuote(job.estimate)}`);
    lines.push(`Approve it with: pds approve ${job.job_id}`);
  }
  if (job.settlement) lines.push(`Charged: ${job.settlement.currency} ${job.settlement.amount}`);
  if (job.error) lines.push(`Error: ${job.error}${job.error_code ? ` (${job.error_code})` : ''}`);
  context.print(lines.join('\n'), job);
  return job.status === 'FAILED' || job.status === 'CANCELLED' ? 1 : 0;
}
