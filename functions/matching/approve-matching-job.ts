import { scrapeCapHoldWrites } from '#billing/scrape-billing';
import { decide } from '#core/lanes';
import { compareMoney, parseMoney } from '#core/money';
import type { Estimate } from '#core/pricing';
import { Conflict } from '#core/problem';
import { approveHeldJob, notAwaiting } from '#jobs/approve-held-job';
import { jobStore } from '#jobs/job-services';
import { type MatchingFields, type MatchingJob, publicMatchingJob } from '#jobs/matching-job';
import { matchableCatalogs, matchingQuote } from './create-matching-job.ts';

/** Whether the repriced quote costs more than the one the job holds. */
const isHigher = (repriced: Estimate, held: Estimate | null) =>
  held === null || compareMoney(parseMoney(repriced.total), parseMoney(held.total)) > 0;

/**
 * Approves a matching job at its price at the current products (the spec's repricing): the
 * reference catalog may have grown or shrunk since the quote. A higher price is refused with 409
 * QUOTE_CHANGED, the new quote stored on the job and the job in the problem body; the next
 * approval at that quote passes. An equal or lower price is accepted with the new quote: its cap
 * is held (402 when the credit is short; the job keeps waiting), the approval recorded, the job
 * moved to APPROVED and its run started.
 */
export async function approveMatchingJob(job: MatchingJob, approvedBy: string): Promise<MatchingJob> {
  if (!decide(job.job_type, job.status, 'APPROVE', { quoteHigher: false }).moved) throw notAwaiting(job);
  const [reference] = await matchableCatalogs(job.project_id, [
    job.reference_website_id,
    ...job.competitor_website_ids,
  ]);
  const repriced = matchingQuote(reference?.products ?? 0, job.competitor_website_ids.length);
  const decision = decide(job.job_type, job.status, 'APPROVE', {
    quoteHigher: isHigher(repriced, job.estimate),
  });
  if (!decision.moved) {
    if (decision.refusal !== 'QUOTE_CHANGED') throw notAwaiting(job);
    if (
      !(await jobStore().updateIn<MatchingFields>(job.job_id, 'AWAITING_APPROVAL', { estimate: repriced }))
    ) {
      throw notAwaiting((await jobStore().get<MatchingFields>(job.job_id)) ?? job);
    }
    const requoted = (await jobStore().get<MatchingFields>(job.job_id)) ?? { ...job, estimate: repriced };
    throw Conflict(
      'QUOTE_CHANGED',
      `The reference catalog changed: the job now costs up to ${repriced.total} ${repriced.currency} (was ${job.estimate?.total}). Approve again to accept the new quote.`,
      { job: publicMatchingJob(requoted) },
    );
  }
  const priced = { ...job, estimate: repriced };
  return approveHeldJob<MatchingFields>(
    job,
    approvedBy,
    await scrapeCapHoldWrites(priced),
    'matching',
    'The matching could not be started. Nothing was charged; please create the job again.',
    { estimate: repriced },
  );
}
