import { scrapeCapHoldWrites } from '#billing/scrape-billing';
import { decide } from '#core/lanes';
import { approveHeldJob, notAwaiting } from '#jobs/approve-held-job';
import type { ScrapeFields, ScrapeJob } from '#jobs/scrape-job';

/**
 * Approves a scrape job at its quote: holds the cap on the credit (402 when the spendable credit is
 * lower, 403 MONTHLY_SPEND_LIMIT when it would pass the customer's monthly spend limit; the job keeps
 * waiting), records who approved it and when, moves it to APPROVED and starts its run. A job already
 * approved, or ended, is 409.
 */
export async function approveScrapeJob(job: ScrapeJob, approvedBy: string): Promise<ScrapeJob> {
  // A scrape is approved at the quote it shows: there is no repricing, so the quote is never higher.
  if (!decide(job.job_type, job.status, 'APPROVE', { quoteHigher: false }).moved) throw notAwaiting(job);
  return approveHeldJob<ScrapeFields>(
    job,
    approvedBy,
    await scrapeCapHoldWrites(job),
    'scrape',
    'The scrape could not be started. Nothing was charged; please create the job again.',
  );
}
