import { chargeScrapeSettlement } from '#billing/scrape-billing';
import { PRICE_CURRENCY, type SettlementAmount, settleJob } from '#core/pricing';
import { jobStore } from '#jobs/job-services';
import { type MatchingFields, type MatchingStep, progressOf, STOP } from '#jobs/matching-job';

/** A sample is free: it settles at 0.00 for the products it processed. */
const freeSettlement = (quantity: number): SettlementAmount => ({
  quantity,
  currency: PRICE_CURRENCY,
  amount: '0.00',
  capped: false,
});

/**
 * SETTLING: the quote settled for the (reference product, competitor) pairs processed, checked or
 * skipped alike, and charged once from the hold; a sample charges nothing.
 */
export async function settleMatching(jobId: string): Promise<MatchingStep> {
  let job = await jobStore().get<MatchingFields>(jobId);
  if (!job) return STOP;
  if ((job.status === 'EXPORTING' || job.status === 'COMPLETED') && job.settlement) {
    // A retry after the settling move: only the charge may be left to do, and it is idempotent.
    await chargeScrapeSettlement(job);
    return { next: job.status === 'EXPORTING' ? 'EXPORT' : 'DONE' };
  }
  const counts = job.matching_progress;
  if (!counts) return STOP;
  if (job.status === 'RUNNING') {
    job = await jobStore().move<MatchingFields>(job, 'SETTLING', {
      set: { matching_progress: progressOf(job, counts, 'SETTLING') },
    });
  } else if (job.status !== 'SETTLING') return STOP;
  if (!job) return STOP;
  const quantity = counts.products_processed;
  let amount: SettlementAmount;
  if (job.sample) amount = freeSettlement(quantity);
  else if (job.estimate) amount = settleJob(job.estimate, quantity);
  else throw new Error(`Matching job ${jobId} has no quote to settle`);
  const settled = await jobStore().move<MatchingFields>(job, 'EXPORTING', {
    set: {
      settlement: { ...amount, settled_at: new Date().toISOString() },
      matching_progress: progressOf(job, counts, 'EXPORTING'),
    },
  });
  if (!settled) return STOP;
  await chargeScrapeSettlement(settled);
  return { next: 'EXPORT' };
}
