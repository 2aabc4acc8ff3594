import type { Estimate } from './api-shapes.ts';

export function formatQuote(estimate: Estimate): string {
  return (
    `${estimate.currency} ${estimate.total} for ${estimate.quantity} units at ${estimate.unit_price_per_1000} per 1000 ` +
    `(minimum ${estimate.min_charge}; at most ${estimate.cap} is held)`
  );
}
