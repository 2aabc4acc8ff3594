import { type Cents, parseMoney } from '#core/money';
import { defaultPriceList } from '#core/pricing';

/** A customer's limits; the operator sets them with the admin CLI's set-quotas. */
export interface Quotas {
  max_projects: number;
  free_analyses_per_month: number;
  monthly_spend_limit: Cents;
  topup_min: Cents;
  topup_max: Cents;
}

export const DEFAULT_QUOTAS: Quotas = {
  max_projects: 10,
  free_analyses_per_month: defaultPriceList.freeAnalysesPerMonth,
  monthly_spend_limit: parseMoney('1000.00'),
  topup_min: parseMoney('10.00'),
  topup_max: parseMoney('5000.00'),
};

/**
 * Active API keys one user may hold. Far above what scripts and integrations need; it stops a
 * leaked key from minting keys without end, each of which would have to be found and revoked.
 */
export const MAX_API_KEYS_PER_USER = 50;
