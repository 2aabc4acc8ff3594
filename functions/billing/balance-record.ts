import { type Cents, formatMoney } from '#core/money';

/** The balance record of the design; money as decimal strings. */
export const balanceRecord = (
  customerId: string,
  balance: { balance: Cents; held: Cents; spendable: Cents },
) => ({
  customer_id: customerId,
  currency: 'EUR' as const,
  balance: formatMoney(balance.balance),
  held: formatMoney(balance.held),
  spendable: formatMoney(balance.spendable),
});
