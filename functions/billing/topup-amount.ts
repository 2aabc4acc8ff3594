import type { Quotas } from '#accounts/quotas';
import { type Cents, formatMoney, InvalidMoney, parseMoney } from '#core/money';
import { BadRequest, Unprocessable } from '#core/problem';

/** The prepaid credit is kept in EUR only; a top-up in another currency would need conversion. */
export const TOPUP_CURRENCY = 'EUR';

/**
 * Reads a top-up amount (a decimal string or number, at most 2 decimals) and checks it against the
 * customer's allowed range. A malformed amount is invalid input (422); a well-formed one outside the
 * range, zero or negative included, is the spec's 400.
 */
export function topupAmount(input: string | number, quotas: Pick<Quotas, 'topup_min' | 'topup_max'>): Cents {
  let amount: Cents;
  try {
    amount = parseMoney(input, { allowNegative: true });
  } catch (error) {
    if (!(error instanceof InvalidMoney)) throw error;
    if (error.reason === 'RANGE') throw outOfRange(quotas);
    throw Unprocessable([{ location: 'body', path: 'amount', message: error.message }]);
  }
  if (amount < quotas.topup_min || amount > quotas.topup_max) throw outOfRange(quotas);
  return amount;
}

export function topupCurrency(input: string | undefined): string {
  const currency = (input ?? TOPUP_CURRENCY).toUpperCase();
  if (currency !== TOPUP_CURRENCY) {
    throw BadRequest('CURRENCY_NOT_SUPPORTED', `The credit is topped up in ${TOPUP_CURRENCY} only.`);
  }
  return currency;
}

const outOfRange = (quotas: Pick<Quotas, 'topup_min' | 'topup_max'>) =>
  BadRequest(
    'TOPUP_AMOUNT_OUT_OF_RANGE',
    `The amount must be from ${formatMoney(quotas.topup_min)} to ${formatMoney(quotas.topup_max)} ${TOPUP_CURRENCY}.`,
  );
