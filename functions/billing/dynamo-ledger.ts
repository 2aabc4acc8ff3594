import { setTimeout as sleep } from 'node:timers/promises';
import {
  GetCommand,
  PutCommand,
  ScanCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { newId } from '#core/ids';
import { type Cents, formatMoney, ZERO_CENTS } from '#core/money';
import { pragueMonthBounds, pragueMonthOf } from '#core/prague-month';
import { Conflict, Forbidden, PaymentRequired } from '#core/problem';
import {
  conditionHeld,
  failedConditionItems,
  isConditionFailure,
  isTransactionConflict,
} from '#store/condition-failure';
import type { TransactItem } from '#store/dynamo';
import { jointWrite, transactItemsOf } from '#store/dynamo-joint-write';
import type { JointWrite } from '#store/joint-write';
import {
  balanceKey,
  between,
  chargeKey,
  chargesBetween,
  creditGuardKey,
  customerMonthKey,
  holdIndexingKey,
  holdKey,
  holdOfKey,
  inIndex,
  ledgerEntryKey,
  OPEN_HOLDS_PARTITION,
  openHoldIndex,
} from '#store/keys';
import { queryAll } from '#store/query-all';
import { dynamo, tableName } from '#store/table-services';
import type {
  Balance,
  Charge,
  HoldWrites,
  Ledger,
  LedgerKind,
  MonthlyUsage,
  OpenHold,
} from './ledger-store.ts';

const ledgerEntry = (
  customerId: string,
  kind: LedgerKind,
  amount: Cents,
  fields: Record<string, unknown>,
  at: string,
) => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...ledgerEntryKey(customerId, newId('led')),
      type: 'LedgerEntry',
      kind,
      amount,
      created_at: at,
      ...fields,
    },
  },
});

const MAX_CONFLICT_ATTEMPTS = 8;

/**
 * Writes one ledger transaction. DynamoDB cancels transactions that touch the same balance item at
 * the same moment (a conflict, not a failed condition); nothing was written then, so it is retried
 * with a short random pause, and the conditions decide again.
 */
async function transactWrite(items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const retry =
        !isConditionFailure(error) && isTransactionConflict(error) && attempt < MAX_CONFLICT_ATTEMPTS;
      if (!retry) throw error;
      await sleep(Math.random() * 10 * 2 ** attempt);
    }
  }
}

async function getBalance(customerId: string): Promise<Balance> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: balanceKey(customerId), ConsistentRead: true }),
  );
  return {
    balance: Number(Item?.balance ?? 0) as Cents,
    held: Number(Item?.held ?? 0) as Cents,
    spendable: Number(Item?.spendable ?? 0) as Cents,
  };
}

/**
 * Adds credit exactly once per `source` (a checkout session id, an operator's request id): the guard
 * item makes a retried or raced credit fail its condition instead of paying twice. Returns false when
 * this source was credited before.
 */
async function creditBalance(input: {
  customerId: string;
  amount: Cents;
  kind: 'TOPUP' | 'OPERATOR_CREDIT';
  source: string;
  reason: string;
}): Promise<boolean> {
  const at = new Date().toISOString();
  return conditionHeld(
    transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...creditGuardKey(input.customerId, input.source),
            type: 'CreditGuard',
            amount: input.amount,
            created_at: at,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: balanceKey(input.customerId),
          UpdateExpression: 'ADD balance :amount, spendable :amount SET held = if_not_exists(held, :zero)',
          ExpressionAttributeValues: { ':amount': input.amount, ':zero': ZERO_CENTS },
        },
      },
      ledgerEntry(
        input.customerId,
        input.kind,
        input.amount,
        { source: input.source, reason: input.reason },
        at,
      ),
    ]),
  );
}

/** The credit recorded for `source`, or null when that source was never credited. */
async function findCredit(
  customerId: string,
  source: string,
): Promise<{ amount: Cents; creditedAt: string } | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: creditGuardKey(customerId, source), ConsistentRead: true }),
  );
  return Item ? { amount: Number(Item.amount) as Cents, creditedAt: String(Item.created_at) } : null;
}

/** Moves the `committed` counter of a customer's month (open holds plus charges). */
const commitInMonth = (customerId: string, month: string, amount: number) => ({
  Update: {
    TableName: tableName(),
    Key: customerMonthKey(customerId, month),
    UpdateExpression: 'ADD committed :amount',
    ExpressionAttributeValues: { ':amount': amount },
  },
});

type HoldInput = Parameters<Ledger['placeHold']>[0];

const holdExists = async (customerId: string, holdId: string) =>
  (
    await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: holdKey(customerId, holdId), ConsistentRead: true }),
    )
  ).Item !== undefined;

const passesLimit = (input: HoldInput) =>
  Forbidden(
    'MONTHLY_SPEND_LIMIT',
    `This costs ${formatMoney(input.amount)} EUR and the monthly spend limit of ${formatMoney(input.monthlySpendLimit)} EUR would be passed by this month's charges and open holds.`,
  );

/** The hold's item, the balance it reserves, its ledger entry and the month's `committed` spend, each conditioned. */
function holdItems(input: HoldInput, at: string): TransactItem[] {
  const month = pragueMonthOf(new Date(at));
  const limit = input.monthlySpendLimit;
  const commit = commitInMonth(input.customerId, month, input.amount);
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...holdKey(input.customerId, input.holdId),
          ...openHoldIndex(input.customerId, input.holdId),
          type: 'Hold',
          status: 'OPEN',
          amount: input.amount,
          customer_id: input.customerId,
          hold_id: input.holdId,
          job_id: input.jobId,
          month,
          created_at: at,
        },
        // A hold given back may be placed again: a job whose stale hold was released is approved anew.
        ConditionExpression: 'attribute_not_exists(PK) OR #status = :released',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':released': 'RELEASED' },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: balanceKey(input.customerId),
        UpdateExpression: 'ADD held :amount, spendable :negative',
        ConditionExpression: 'spendable >= :amount',
        ExpressionAttributeValues: { ':amount': input.amount, ':negative': -input.amount },
      },
    },
    ledgerEntry(input.customerId, 'HOLD', input.amount, { job_id: input.jobId, hold_id: input.holdId }, at),
    {
      Update: {
        ...commit.Update,
        // Conditions cannot add: "committed + amount <= limit" is written as "committed <= limit - amount".
        ConditionExpression: 'attribute_not_exists(committed) OR committed <= :room',
        ExpressionAttributeValues: { ':amount': input.amount, ':room': limit - input.amount },
      },
    },
  ];
}

async function insufficientFunds(input: HoldInput) {
  const balance = await getBalance(input.customerId);
  return PaymentRequired(
    'INSUFFICIENT_FUNDS',
    `This needs ${formatMoney(input.amount)} EUR of spendable credit; ${formatMoney(balance.spendable)} EUR is available.`,
  );
}

/**
 * Reserves `amount` for a job; 402 INSUFFICIENT_FUNDS when the spendable credit is lower. Idempotent
 * per hold id. The hold counts in this month's `committed` spend, and the same transaction refuses it
 * (403 MONTHLY_SPEND_LIMIT) when charges and open holds would pass `monthlySpendLimit`, so racing
 * requests cannot together spend more than it.
 */
async function placeHold(input: HoldInput): Promise<void> {
  if (await holdExists(input.customerId, input.holdId)) return;
  // The month's condition lets a month with nothing committed yet through, as if it were 0; that is
  // only right while the amount alone fits the limit.
  if (input.amount > input.monthlySpendLimit) throw passesLimit(input);
  const MONTH_ITEM = 3;
  try {
    await transactWrite(holdItems(input, new Date().toISOString()));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // A racing call with the same hold id placed it first: the hold is there, as asked.
    if (await holdExists(input.customerId, input.holdId)) return;
    if (failedConditionItems(error).includes(MONTH_ITEM)) throw passesLimit(input);
    throw await insufficientFunds(input);
  }
}

/**
 * A hold's writes for a caller that makes them in one transaction with its own (a job's approval),
 * so a stop between the two cannot leave one without the other. The caller's transaction puts its
 * own items first, so positions cannot tell which condition failed: `refusal` reads the month and
 * the balance instead. A hold still open under the id is not taken as placed: the caller gives a
 * stale one back first (`releaseHold` with its own condition), else the transaction is refused.
 */
async function holdWrites(input: HoldInput): Promise<HoldWrites> {
  if (input.amount > input.monthlySpendLimit) throw passesLimit(input);
  const at = new Date().toISOString();
  return {
    writes: [jointWrite(`hold ${input.holdId} of ${input.customerId}`, () => holdItems(input, at))],
    refusal: async () => {
      if (await openHold(input.customerId, input.holdId)) return null;
      const { Item } = await dynamo().send(
        new GetCommand({
          TableName: tableName(),
          Key: customerMonthKey(input.customerId, pragueMonthOf(new Date(at))),
          ConsistentRead: true,
        }),
      );
      const committed = Number(Item?.committed ?? 0);
      if (committed > input.monthlySpendLimit - input.amount) return passesLimit(input);
      const balance = await getBalance(input.customerId);
      return balance.spendable < input.amount ? insufficientFunds(input) : null;
    },
  };
}

async function openHold(
  customerId: string,
  holdId: string,
): Promise<{ amount: Cents; jobId: string; month: string | null } | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: holdKey(customerId, holdId), ConsistentRead: true }),
  );
  if (Item?.status !== 'OPEN') return null;
  return {
    amount: Number(Item.amount) as Cents,
    jobId: String(Item.job_id),
    month: typeof Item.month === 'string' ? Item.month : null,
  };
}

/**
 * Gives a hold back (failure, cancel), only where `onlyIf`'s condition checks hold too. Returns false
 * when there was no open hold (already released or settled) or a check failed.
 */
async function releaseHold(customerId: string, holdId: string, onlyIf: JointWrite[] = []): Promise<boolean> {
  const hold = await openHold(customerId, holdId);
  if (!hold) return false;
  const at = new Date().toISOString();
  return conditionHeld(
    transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: holdKey(customerId, holdId),
          UpdateExpression: 'SET #status = :released, closed_at = :at REMOVE GSI1PK, GSI1SK',
          ConditionExpression: '#status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':released': 'RELEASED', ':open': 'OPEN', ':at': at },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: balanceKey(customerId),
          UpdateExpression: 'ADD held :negative, spendable :amount',
          ExpressionAttributeValues: { ':amount': hold.amount, ':negative': -hold.amount },
        },
      },
      ledgerEntry(customerId, 'RELEASE', hold.amount, { job_id: hold.jobId, hold_id: holdId }, at),
      ...(hold.month ? [commitInMonth(customerId, hold.month, -hold.amount)] : []),
      ...transactItemsOf(onlyIf),
    ]),
  );
}

/** Every open hold placed since holds were indexed (older ones are found by their waiting job). */
async function openHolds(): Promise<OpenHold[]> {
  const items = await queryAll(inIndex(OPEN_HOLDS_PARTITION));
  return items.flatMap((item) =>
    item.status === 'OPEN'
      ? [
          {
            customerId: String(item.customer_id),
            holdId: String(item.hold_id),
            jobId: String(item.job_id),
            placedAt: String(item.created_at),
          },
        ]
      : [],
  );
}

/**
 * Adds the holds still open from before the open-holds index to it, a page of the table at a time
 * until `deadline`, recording where it stopped so the next call goes on from there; once the whole
 * table is read it costs one read. A hold closed meanwhile is left out (the update is conditioned on
 * its being open). Returns whether the table has been read to its end.
 */
async function indexOlderHolds(deadline: number = Number.POSITIVE_INFINITY): Promise<boolean> {
  const { Item: progress } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: holdIndexingKey, ConsistentRead: true }),
  );
  if (progress?.done === true) return true;
  let next = progress?.next as Record<string, unknown> | undefined;
  while (Date.now() < deadline) {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        ExclusiveStartKey: next,
        FilterExpression: '#type = :hold AND #status = :open AND attribute_not_exists(GSI1PK)',
        ProjectionExpression: 'PK, SK',
        ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
        ExpressionAttributeValues: { ':hold': 'Hold', ':open': 'OPEN' },
      }),
    );
    for (const item of page.Items ?? []) {
      const key = { PK: String(item.PK), SK: String(item.SK) };
      const { customerId, holdId } = holdOfKey(key);
      await conditionHeld(
        dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk, customer_id = :customer, hold_id = :hold',
            ConditionExpression: '#status = :open',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':pk': openHoldIndex(customerId, holdId).GSI1PK,
              ':sk': openHoldIndex(customerId, holdId).GSI1SK,
              ':customer': customerId,
              ':hold': holdId,
              ':open': 'OPEN',
            },
          }),
        ),
      );
    }
    next = page.LastEvaluatedKey;
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...holdIndexingKey, type: 'Migration', done: next === undefined, next },
      }),
    );
    if (!next) return true;
  }
  return false;
}

/**
 * Settles a hold: charges `amount` (never more than held), releases the rest, records the usage item
 * and this month's spend, all in one transaction conditioned on the hold being open, so a retried
 * settlement task charges once. Returns false when the hold was already closed.
 */
async function chargeHold(customerId: string, holdId: string, charge: Charge): Promise<boolean> {
  const hold = await openHold(customerId, holdId);
  if (!hold) return false;
  if (charge.amount > hold.amount) {
    throw Conflict(
      'CHARGE_EXCEEDS_HOLD',
      `A charge of ${formatMoney(charge.amount)} exceeds its hold of ${formatMoney(hold.amount)}.`,
    );
  }
  const { month, ...usage } = charge;
  return conditionHeld(
    transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: holdKey(customerId, holdId),
          UpdateExpression:
            'SET #status = :settled, closed_at = :at, charged = :charged REMOVE GSI1PK, GSI1SK',
          ConditionExpression: '#status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':settled': 'SETTLED',
            ':open': 'OPEN',
            ':at': charge.settled_at,
            ':charged': charge.amount,
          },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: balanceKey(customerId),
          UpdateExpression: 'ADD balance :negativeCharge, held :negativeHold, spendable :rest',
          ExpressionAttributeValues: {
            ':negativeCharge': -charge.amount,
            ':negativeHold': -hold.amount,
            ':rest': hold.amount - charge.amount,
          },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...chargeKey(customerId, charge.settled_at, charge.job_id),
            type: 'Charge',
            month,
            ...usage,
          },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: customerMonthKey(customerId, month),
          UpdateExpression: 'ADD spent :amount, committed :committed',
          ExpressionAttributeValues: {
            ':amount': charge.amount,
            // The hold leaves the month it was placed in; in the same month only the difference moves.
            ':committed': hold.month === month ? charge.amount - hold.amount : charge.amount,
          },
        },
      },
      ...(hold.month && hold.month !== month ? [commitInMonth(customerId, hold.month, -hold.amount)] : []),
      ledgerEntry(
        customerId,
        'CHARGE',
        charge.amount,
        { job_id: charge.job_id, hold_id: holdId },
        charge.settled_at,
      ),
    ]),
  );
}

async function monthlyUsage(customerId: string, month: string): Promise<MonthlyUsage> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: customerMonthKey(customerId, month),
      ConsistentRead: true,
    }),
  );
  return {
    month,
    free_analyses_used: Number(Item?.free_analyses_used ?? 0),
    spent: Number(Item?.spent ?? 0) as Cents,
    committed: Number(Item?.committed ?? 0) as Cents,
  };
}

/**
 * Charges sort by their settlement instant, so the month is one key range: from its first instant
 * up to (not including) the next month's first.
 */
async function chargesOfMonth(customerId: string, month: string): Promise<Charge[]> {
  const { start, end } = pragueMonthBounds(month);
  const items = await queryAll({
    ...between(chargesBetween(customerId, start.toISOString(), end.toISOString())),
    ScanIndexForward: false,
  });
  return items.map((item) => ({
    job_id: String(item.job_id),
    job_type: String(item.job_type),
    project_id: String(item.project_id),
    website_id: typeof item.website_id === 'string' ? item.website_id : null,
    quantity: Number(item.quantity),
    amount: Number(item.amount) as Cents,
    capped: item.capped === true,
    settled_at: String(item.settled_at),
    month: String(item.month),
  }));
}

/**
 * The ledger in the service table. Every change is an append-only ledger entry written in the same
 * transaction as the balance it moves; the balance item keeps `spendable` (= balance − held) as its
 * own attribute because DynamoDB conditions cannot do arithmetic, and `spendable >= amount` is what a
 * hold needs.
 */
export const dynamoLedger: Ledger = {
  getBalance,
  creditBalance,
  findCredit,
  placeHold,
  holdWrites,
  releaseHold,
  chargeHold,
  openHolds,
  indexOlderHolds,
  monthlyUsage,
  chargesOfMonth,
};
