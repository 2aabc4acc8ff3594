import { customerStore } from '#accounts/account-services';
import type { StoredJob } from '#core/job-record';
import { parseMoney } from '#core/money';
import { pragueMonthOf } from '#core/prague-month';
import { ledger } from './ledger-services.ts';
import type { HoldWrites } from './ledger-store.ts';

/**
 * What a scrape job (and, the same way, a matching job) costs (the design's pricing): its quote's cap
 * is held on approval, in one transaction with the job's move to APPROVED, the settlement
 * of the products delivered is charged once from that hold and the rest released; a job that ends
 * without a settlement releases the hold. The hold's id is the job's id, so every step is
 * idempotent: a retried task or a second follow-up never holds, charges or releases twice.
 */

async function capHold(job: StoredJob) {
  if (!job.estimate) throw new Error(`Job ${job.job_id} has no estimate to hold`);
  const customer = await customerStore.get(job.customer_id);
  if (!customer) throw new Error(`Job ${job.job_id} belongs to no customer`);
  return {
    customerId: job.customer_id,
    holdId: job.job_id,
    amount: parseMoney(job.estimate.cap),
    jobId: job.job_id,
    monthlySpendLimit: customer.quotas.monthly_spend_limit,
  };
}

/**
 * The writes that hold the quote's cap, for the approval's one transaction with the job's move;
 * the transaction is refused 402 INSUFFICIENT_FUNDS when the spendable credit is lower, and 403
 * MONTHLY_SPEND_LIMIT when this month's charges and holds would pass the customer's monthly spend
 * limit — whoever approves, a user or a schedule.
 */
export async function scrapeCapHoldWrites(job: StoredJob): Promise<HoldWrites> {
  return ledger.holdWrites(await capHold(job));
}

/**
 * Charges the job's settlement from its hold, releasing the rest, and records the usage item; a
 * settlement of 0.00 (nothing delivered) only releases the hold, so usage lists no empty charge.
 */
export async function chargeScrapeSettlement(job: StoredJob): Promise<void> {
  const settlement = job.settlement;
  if (!settlement) throw new Error(`Job ${job.job_id} has no settlement to charge`);
  const amount = parseMoney(settlement.amount);
  if (amount === 0) {
    await ledger.releaseHold(job.customer_id, job.job_id);
    return;
  }
  await ledger.chargeHold(job.customer_id, job.job_id, {
    job_id: job.job_id,
    job_type: job.job_type,
    project_id: job.project_id,
    website_id: job.website_id,
    quantity: settlement.quantity,
    amount,
    capped: settlement.capped,
    settled_at: settlement.settled_at,
    month: pragueMonthOf(new Date(settlement.settled_at)),
  });
}

/** After the job has ended: a settled job's charge is made (once); any other hold is released. */
export async function settleScrapeHold(job: StoredJob): Promise<void> {
  if (job.settlement) await chargeScrapeSettlement(job);
  else await ledger.releaseHold(job.customer_id, job.job_id);
}
