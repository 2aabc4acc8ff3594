import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger } from '#billing/ledger-services';
import { parseMoney } from '#core/money';
import { Problem } from '#core/problem';
import type { RunningStack } from '#local/start-stack';
import { transactItemsOf } from '#store/dynamo-joint-write';
import { dynamo } from '#store/table-services';
import { ledgerEntries, replayLedger } from '#test/ledger-check';
import { newCustomer } from '#test/operator';
import { startTestStack } from '#test/test-stack';

let stack: RunningStack;
/** A limit no test here reaches: these tests are about the balance, not the month's spend. */
const NO_LIMIT = parseMoney('100000.00');

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

describe('concurrent holds on one balance', () => {
  it('never overdraws: of 30 parallel holds of 5.00 on 100.00, exactly 20 succeed', async () => {
    const customerId = await newCustomer();
    await ledger.creditBalance({
      customerId,
      amount: parseMoney('100.00'),
      kind: 'OPERATOR_CREDIT',
      source: 'concurrency',
      reason: 'test',
    });

    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        ledger.placeHold({
          customerId,
          holdId: `hold_${i}`,
          amount: parseMoney('5.00'),
          jobId: `job_${i}`,
          monthlySpendLimit: NO_LIMIT,
        }),
      ),
    );

    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(outcomes.length - refused.length).toBe(20);
    for (const outcome of refused) {
      expect(outcome.reason).toBeInstanceOf(Problem);
      expect(outcome.reason).toMatchObject({ status: 402, code: 'INSUFFICIENT_FUNDS' });
    }
    const balance = await ledger.getBalance(customerId);
    expect(balance).toEqual({ balance: 10_000, held: 10_000, spendable: 0 });
    expect(replayLedger(await ledgerEntries(customerId))).toEqual(balance);
  });

  it('accounts every cent when holds, charges, releases and credits run together', async () => {
    const customerId = await newCustomer();
    const credit = (i: number) =>
      ledger.creditBalance({
        customerId,
        amount: parseMoney('10.00'),
        kind: 'TOPUP',
        source: `cs_${i}`,
        reason: 'test',
      });
    await credit(0);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ledger.placeHold({
          customerId,
          holdId: `hold_${i}`,
          amount: parseMoney('1.00'),
          jobId: `job_${i}`,
          monthlySpendLimit: NO_LIMIT,
        }),
      ),
    );

    const settle = (i: number) =>
      ledger.chargeHold(customerId, `hold_${i}`, {
        job_id: `job_${i}`,
        job_type: 'FULL_SCRAPE',
        project_id: 'prj_ledger',
        website_id: null,
        quantity: 100,
        amount: parseMoney('0.75'),
        capped: false,
        settled_at: new Date().toISOString(),
        month: '2026-01',
      });

    // Each settlement and release runs twice (a retried task) and the credits are replayed: none
    // may count twice.
    await Promise.all([
      ...[0, 1, 2, 3, 4].flatMap((i) => [settle(i), settle(i)]),
      ...[5, 6, 7, 8, 9].flatMap((i) => [
        ledger.releaseHold(customerId, `hold_${i}`),
        ledger.releaseHold(customerId, `hold_${i}`),
      ]),
      credit(1),
      credit(1),
      credit(0),
    ]);

    const balance = await ledger.getBalance(customerId);
    expect(balance).toEqual({ balance: 2000 - 5 * 75, held: 0, spendable: 2000 - 5 * 75 });
    expect(replayLedger(await ledgerEntries(customerId))).toEqual(balance);
  });
});

describe('the index of open holds', () => {
  it('lists a hold while it is open, and a released hold may be placed again', async () => {
    // Prepare
    const customerId = await newCustomer();
    await ledger.creditBalance({
      customerId,
      amount: parseMoney('10.00'),
      kind: 'OPERATOR_CREDIT',
      source: 'open-holds',
      reason: 'test',
    });
    const hold = (holdId: string) => ({
      customerId,
      holdId,
      amount: parseMoney('1.00'),
      jobId: `job_${holdId}`,
      monthlySpendLimit: NO_LIMIT,
    });
    const listed = async () =>
      (await ledger.openHolds()).filter((open) => open.customerId === customerId).map((open) => open.holdId);
    await ledger.placeHold(hold('a'));
    await ledger.placeHold(hold('b'));
    // Act
    const whileOpen = await listed();
    await ledger.releaseHold(customerId, 'a');
    await ledger.chargeHold(customerId, 'b', {
      job_id: 'job_b',
      job_type: 'URL_SCRAPE',
      project_id: 'prj_ledger',
      website_id: null,
      quantity: 1,
      amount: parseMoney('0.50'),
      capped: false,
      settled_at: new Date().toISOString(),
      month: '2026-01',
    });
    const afterClosing = await listed();
    // The approval of a job whose stale hold was released holds anew under the same id.
    const again = await ledger.holdWrites(hold('a'));
    await dynamo().send(new TransactWriteCommand({ TransactItems: transactItemsOf(again.writes) }));
    // Assess
    expect(whileOpen.sort()).toEqual(['a', 'b']);
    expect(afterClosing).toEqual([]);
    expect(await listed()).toEqual(['a']);
    const balance = await ledger.getBalance(customerId);
    expect(balance).toEqual({ balance: 950, held: 100, spendable: 850 });
    expect(replayLedger(await ledgerEntries(customerId))).toEqual(balance);
  });
});
