import { expect } from 'vitest';
import { ledger } from '#billing/ledger-services';
import type { Balance } from '#billing/ledger-store';
import { type Cents, sumMoney } from '#core/money';
import { beginsWith, holdsPrefix, ledgerEntriesPrefix } from '#store/keys';
import { queryAll } from '#store/query-all';

export interface LedgerEntry {
  kind: string;
  amount: Cents;
  hold_id?: string;
}

export async function ledgerEntries(customerId: string): Promise<LedgerEntry[]> {
  return (await queryAll(beginsWith(ledgerEntriesPrefix(customerId)))) as unknown as LedgerEntry[];
}

/** The balance as the ledger alone tells it: every cent of the balance item accounted by an entry. */
export function replayLedger(entries: LedgerEntry[]): Balance {
  const total = (kinds: string[]) =>
    sumMoney(entries.filter((entry) => kinds.includes(entry.kind)).map((entry) => entry.amount));
  const holds = new Map(
    entries.filter((entry) => entry.kind === 'HOLD').map((entry) => [entry.hold_id, entry.amount]),
  );
  const settledHolds = entries
    .filter((entry) => entry.kind === 'CHARGE')
    .map((entry) => holds.get(entry.hold_id) ?? (0 as Cents));
  const balance = (total(['TOPUP', 'OPERATOR_CREDIT']) - total(['CHARGE'])) as Cents;
  const held = (total(['HOLD']) - total(['RELEASE']) - sumMoney(settledHolds)) as Cents;
  return { balance, held, spendable: (balance - held) as Cents };
}

/**
 * After every job of the customer has ended: the balance is its credits minus its charges, as the
 * ledger replays it, and no hold is left open (nothing held, no hold item still OPEN).
 */
export async function expectSettledLedger(customerId: string): Promise<Balance> {
  const balance = await ledger.getBalance(customerId);
  expect(replayLedger(await ledgerEntries(customerId))).toEqual(balance);
  expect(balance.held).toBe(0);
  const holds = beginsWith(holdsPrefix(customerId));
  const openHolds = await queryAll({
    ...holds,
    FilterExpression: '#status = :open',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ...holds.ExpressionAttributeValues, ':open': 'OPEN' },
  });
  expect(openHolds).toEqual([]);
  return balance;
}
