import type { Cents } from '#core/money';
import type { Problem } from '#core/problem';
import type { JointWrite } from '#store/joint-write';

/** A customer's prepaid EUR credit: `spendable` is the balance less what open holds reserve. */
export interface Balance {
  balance: Cents;
  held: Cents;
  spendable: Cents;
}

export type LedgerKind = 'TOPUP' | 'OPERATOR_CREDIT' | 'HOLD' | 'RELEASE' | 'CHARGE';

export interface Charge {
  job_id: string;
  job_type: string;
  project_id: string;
  website_id: string | null;
  quantity: number;
  amount: Cents;
  capped: boolean;
  settled_at: string;
  /** The Europe/Prague month the charge counts in. */
  month: string;
}

/** A customer's counters for one Europe/Prague month; the ledger moves them with its holds and charges. */
export interface MonthlyUsage {
  month: string;
  free_analyses_used: number;
  spent: Cents;
  /**
   * What the month's spend limit is measured against: charges of the month plus the holds placed in
   * it that are still open. One attribute, so a hold's condition can test it without arithmetic.
   */
  committed: Cents;
}

/**
 * The prepaid credit, in billing's words: what the top-ups, the job charges, the operator and the
 * balance route need of it. The adapter (`dynamo-ledger.ts`) owns the table's keys, conditions and
 * transactions; a lost condition is `false` or a problem from the catalogue, never a DynamoDB error.
 */
/** A hold's writes, to be made in one transaction with the caller's own write. */
export interface HoldWrites {
  writes: JointWrite[];
  /**
   * Why a transaction carrying `writes` failed on a condition, when the hold was the cause: 402
   * INSUFFICIENT_FUNDS or 403 MONTHLY_SPEND_LIMIT; null when it was the caller's own write.
   */
  refusal(): Promise<Problem | null>;
}

/** An open hold, by the customer it reserves credit of and the job it was placed for. */
export interface OpenHold {
  customerId: string;
  holdId: string;
  jobId: string;
  /** When it was placed (ISO 8601). */
  placedAt: string;
}

export interface Ledger {
  getBalance(customerId: string): Promise<Balance>;
  /** Adds credit exactly once per `source` (a checkout session, an operator's request); false when that source was credited before. */
  creditBalance(input: {
    customerId: string;
    amount: Cents;
    kind: 'TOPUP' | 'OPERATOR_CREDIT';
    source: string;
    reason: string;
  }): Promise<boolean>;
  /** The credit recorded for `source`, or null when that source was never credited. */
  findCredit(customerId: string, source: string): Promise<{ amount: Cents; creditedAt: string } | null>;
  /**
   * Reserves `amount` for a job, once per hold id: 402 INSUFFICIENT_FUNDS when the spendable credit
   * is lower, 403 MONTHLY_SPEND_LIMIT when the month's charges and open holds would pass the limit.
   */
  placeHold(input: {
    customerId: string;
    holdId: string;
    amount: Cents;
    jobId: string;
    monthlySpendLimit: Cents;
  }): Promise<void>;
  /**
   * `placeHold`'s writes, unwritten, for a caller that must make them in one transaction with its
   * own write (a job's move to APPROVED), so that neither can exist without the other. 403
   * MONTHLY_SPEND_LIMIT at once when the amount alone passes the limit.
   */
  holdWrites(input: Parameters<Ledger['placeHold']>[0]): Promise<HoldWrites>;
  /**
   * Gives a hold back (failure, cancel); false when there was no open hold. With `onlyIf`
   * (condition checks of the caller's items), only while they hold, in the same transaction.
   */
  releaseHold(customerId: string, holdId: string, onlyIf?: JointWrite[]): Promise<boolean>;
  /** The open holds, for the sweep of holds whose job no longer needs them. */
  openHolds(): Promise<OpenHold[]>;
  /**
   * Makes `openHolds` list the holds placed before it could (a table-wide pass, resumed where it
   * stopped at `deadline`); true once done.
   */
  indexOlderHolds(deadline?: number): Promise<boolean>;
  /** Settles a hold: charges `charge.amount` (never more than held) and releases the rest; false when it was closed already. */
  chargeHold(customerId: string, holdId: string, charge: Charge): Promise<boolean>;
  /** The customer's counters of a Europe/Prague month; zeros for a month nothing moved yet. */
  monthlyUsage(customerId: string, month: string): Promise<MonthlyUsage>;
  /** The job charges settled in a Europe/Prague month, newest first. */
  chargesOfMonth(customerId: string, month: string): Promise<Charge[]>;
}
