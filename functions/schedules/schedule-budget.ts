import type { Job } from '#core/job-record';
import { isFinal } from '#core/lanes';
import { type Cents, formatMoney, parseMoney, sumMoney, ZERO_CENTS } from '#core/money';

/**
 * A schedule's monthly budget: a run starts only while what the month's runs of the schedule cost or
 * may still cost, plus the new job's cap, stays within the budget. So the budget holds even when
 * every open run is charged its whole cap.
 */

/** What one run's job counts against its schedule's budget. */
export function committedByJob(job: Pick<Job, 'status' | 'estimate' | 'settlement'>): Cents {
  // Settled: what was (or is being) charged. Ended unsettled (failed early, cancelled): nothing.
  if (job.settlement) return parseMoney(job.settlement.amount);
  if (isFinal(job.status)) return ZERO_CENTS;
  // Running: its cap is held, and it may cost up to that.
  return job.estimate ? parseMoney(job.estimate.cap) : ZERO_CENTS;
}

export type BudgetDecision =
  | { allowed: true; committed: Cents }
  | { allowed: false; committed: Cents; detail: string };

export function decideBudget(budget: Cents, runJobs: readonly Cents[], cap: Cents): BudgetDecision {
  const committed = sumMoney(runJobs);
  if (committed + cap <= budget) return { allowed: true, committed };
  return {
    allowed: false,
    committed,
    detail: `The run's cap of ${formatMoney(cap)} EUR and ${formatMoney(committed)} EUR of this month's runs would pass the monthly budget of ${formatMoney(budget)} EUR.`,
  };
}
