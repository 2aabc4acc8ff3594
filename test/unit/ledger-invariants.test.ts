import { expect, it } from 'vitest';
import { breachesIn } from '#test/ledger-invariants';

const PK = 'CUSTOMER#cus_1';
const entry = (kind: string, amount: number, hold_id?: string) => ({
  PK,
  type: 'LedgerEntry',
  kind,
  amount,
  hold_id,
});
const settled = [
  entry('OPERATOR_CREDIT', 10_000),
  entry('HOLD', 500, 'job_a'),
  entry('CHARGE', 300, 'job_a'),
  entry('HOLD', 200, 'job_b'),
  { PK, SK: 'HOLD#job_a', type: 'Hold', status: 'CHARGED', amount: 500 },
  { PK, SK: 'HOLD#job_b', type: 'Hold', status: 'OPEN', amount: 200 },
];

it('finds no breach in a ledger whose balance item is what its entries replay to', () => {
  expect(
    breachesIn([...settled, { PK, SK: 'BALANCE', balance: 9_700, held: 200, spendable: 9_500 }]),
  ).toEqual([]);
});

it('names a balance item that its entries do not replay to', () => {
  expect(
    breachesIn([...settled, { PK, SK: 'BALANCE', balance: 10_000, held: 200, spendable: 9_800 }]),
  ).toEqual([
    `${PK}: balance item {"balance":10000,"held":200,"spendable":9800}, entries replay {"balance":9700,"held":200,"spendable":9500}`,
  ]);
});

it('names a held amount that the open holds do not add up to, and a spendable that is not balance − held', () => {
  const items = [
    ...settled.slice(0, 5),
    entry('RELEASE', 200, 'job_b'),
    { PK, SK: 'HOLD#job_b', type: 'Hold', status: 'OPEN', amount: 200 },
    { PK, SK: 'BALANCE', balance: 9_700, held: 0, spendable: 9_600 },
  ];
  expect(breachesIn(items)).toEqual([
    `${PK}: balance item {"balance":9700,"held":0,"spendable":9600}, entries replay {"balance":9700,"held":0,"spendable":9700}`,
    `${PK}: held 0, open holds add up to 200`,
    `${PK}: spendable 9600 is not balance − held`,
  ]);
});
