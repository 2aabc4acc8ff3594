import { releaseHold } from '#billing/ledger';
import { holdScrapeCap } from '#billing/scrape-billing';
import { decide } from '#core/lanes';
import type { Cents } from '#core/money';
import { Conflict } from '#core/problem';
import { jobStore } from '#store/job-store';
import type { ScrapeFields, ScrapeJob } from './scrape-job.ts';
import { startLane } from './start-lane.ts';

const notAwaiting = (job: ScrapeJob) =>
  Conflict(
    'JOB_NOT_AWAITING_APPROVAL',
    `A job in status ${job.status} cannot be approved: only a job awaiting approval can.`,
  );

/**
 * Approves a scrape job at its quote: holds the cap on the credit (402 when the spendable credit is
 * lower; the job keeps waiting), records who approved it and when, moves it to APPROVED and starts
 * its run. A job already approved, or ended, is 409. With `monthlySpendLimit` (a schedule's runs,
 * which no one approves by hand) the hold is refused with 403 MONTHLY_SPEND_LIMIT when it would pass it.
 */
export async function approveScrapeJob(
  job: ScrapeJob,
  approvedBy: string,
  options: { monthlySpendLimit?: Cents } = {},
): Promise<ScrapeJob> {
  // A scrape is approved at the quote it shows: there is no repricing, so the quote is never higher.
  if (!decide(job.job_type, job.status, 'APPROVE', { quoteHigher: false }).moved) throw notAwaiting(job);
  await holdScrapeCap(job, options.monthlySpendLimit);
  const approved = await jobStore().move<ScrapeFields>(job, 'APPROVED', {
    set: { approval: { approved_by: approvedBy, approved_at: new Date().toISOString() } },
  });
  if (!approved) {
    const current = (await jobStore().get<ScrapeFields>(job.job_id)) ?? job;
    // The hold is the job's: a racing approval that won keeps it; a cancel or expiry that won had
    // released it before this hold was placed, so it is given back here.
    if (current.status !== 'APPROVED' && current.approval === null) {
      await releaseHold(job.customer_id, job.job_id);
    }
    throw notAwaiting(current);
  }
  await startLane(
    'scrape',
    approved.job_id,
    'The scrape could not be started. Nothing was charged; please create the job again.',
  );
  return approved;
}
