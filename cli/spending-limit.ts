/** Decimal amounts as the API writes them ("20.00") in cents, so a limit compares without float error. */
export function cents(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not an amount: ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * An approval is allowed when the most it can charge (the quote's cap, not its total) is at most the
 * limit the user set.
 */
export function withinLimit(cap: string, limit: string): boolean {
  return cents(cap) <= cents(limit);
}
