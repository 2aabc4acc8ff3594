import type { Job, StoredJob } from '#core/job-record';
import type { JobStatus } from '#core/lanes';
import { type Cents, formatMoney, ZERO_CENTS } from '#core/money';
import { pragueMonthOf } from '#core/prague-month';
import { PRICE_CURRENCY } from '#core/pricing';
import type { JointWrite } from '#store/joint-write';
import { freeAllowances, ledger } from './ledger-services.ts';

/**
 * How the analysis of a setup job is paid: one of the month's free analyses, a hold on the credit,
 * or nothing when the website was already in the project and no analysis ran.
 */
export type AnalysisCharge =
  | { kind: 'FREE'; month: string }
  | { kind: 'PAID'; month: string; amount: Cents; hold_id: string }
  | { kind: 'NONE' };

type SetupJob = StoredJob<{ analysis_charge: AnalysisCharge }>;

/**
 * What a setup job's analysis costs as it ends (spec rule 3 and "a failed analysis costs nothing"):
 * a failed or cancelled analysis gives its free analysis back or releases its hold; a completed one
 * is charged once its website is in the project.
 */

/** Writes that go with the move ending the job: a free analysis is given back exactly once. */
export function analysisEndingWrites(job: SetupJob, to: JobStatus): JointWrite[] {
  const failed = to === 'FAILED' || to === 'CANCELLED';
  return failed && job.analysis_charge.kind === 'FREE'
    ? [freeAllowances.giveAnalysisBack(job.customer_id, job.analysis_charge.month)]
    : [];
}

/** The settlement recorded on a completing setup job: its analysis, at the price it was taken at. */
export function analysisSettlement(job: SetupJob, settledAt: string): Job['settlement'] {
  const charge = job.analysis_charge;
  if (charge.kind === 'NONE') return null;
  const amount: Cents = charge.kind === 'PAID' ? charge.amount : ZERO_CENTS;
  return {
    quantity: 1,
    currency: PRICE_CURRENCY,
    amount: formatMoney(amount),
    capped: false,
    settled_at: settledAt,
  };
}

/**
 * After the job has ended: charge or release the hold of a paid analysis. Both are idempotent on the
 * hold, so a retried task or a second sweep never charges or releases twice.
 */
export async function settleAnalysisHold(job: SetupJob): Promise<void> {
  const charge = job.analysis_charge;
  if (charge.kind !== 'PAID') return;
  if (job.status !== 'COMPLETED') {
    await ledger.releaseHold(job.customer_id, charge.hold_id);
    return;
  }
  const settledAt = job.settlement?.settled_at ?? job.finished_at ?? job.updated_at;
  await ledger.chargeHold(job.customer_id, charge.hold_id, {
    job_id: job.job_id,
    job_type: job.job_type,
    project_id: job.project_id,
    website_id: job.website_id,
    quantity: 1,
    amount: charge.amount,
    capped: false,
    settled_at: settledAt,
    month: pragueMonthOf(new Date(settledAt)),
  });
}
