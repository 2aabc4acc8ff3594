import type { Customer } from '#accounts/account';
import type { MonthlyUsage } from '#billing/ledger-store';
import type { CustomerRole } from '#core/access-policy';
import { formatMoney } from '#core/money';

/** The customer record of the design: name, the caller's role and the quotas with this month's use. */
export const customerRecord = (customer: Customer, role: CustomerRole, usage: MonthlyUsage) => ({
  customer_id: customer.customer_id,
  name: customer.name,
  role,
  managed: customer.managed,
  created_at: customer.created_at,
  quotas: {
    max_projects: customer.quotas.max_projects,
    projects_used: customer.projects_used,
    free_analyses_per_month: customer.quotas.free_analyses_per_month,
    free_analyses_used: usage.free_analyses_used,
    monthly_spend_limit: formatMoney(customer.quotas.monthly_spend_limit),
    spent_this_month: formatMoney(usage.spent),
    topup_min: formatMoney(customer.quotas.topup_min),
    topup_max: formatMoney(customer.quotas.topup_max),
  },
});
