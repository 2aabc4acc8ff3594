import { randomUUID } from 'node:crypto';
import { customerStore, userStore } from '#accounts/account-services';
import { createApiKey } from '#accounts/create-api-key';
import { createCustomer } from '#accounts/create-customer';
import { createUser } from '#accounts/create-user';
import type { Quotas } from '#accounts/quotas';
import { balanceRecord } from '#billing/balance-record';
import { ledger } from '#billing/ledger-services';
import { CUSTOMER_ROLES, type CustomerRole, PROJECT_ROLES, type ProjectRole } from '#core/access-policy';
import { formatMoney, parseMoney } from '#core/money';
import { BadRequest, Conflict, NotFound } from '#core/problem';
import { exportStore } from '#exports/export-services';
import { createProject } from '#projects/create-project';
import { localize } from '#projects/localization';
import { projectStore } from '#projects/project-services';

/**
 * The provider's operator commands. The admin CLI parses flags and prints what these return; the
 * local stack's demo seed calls the same functions.
 */
export type Flags = Record<string, string | true>;

function text(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw BadRequest('MISSING_FLAG', `--${name} is required.`);
  // Names end up in mail subjects: a line break there would add mail headers.
  if (/\p{Cc}/u.test(value))
    throw BadRequest('INVALID_FLAG', `--${name} must not contain control characters.`);
  return value.trim();
}

function optionalText(flags: Flags, name: string): string | undefined {
  return flags[name] === undefined ? undefined : text(flags, name);
}

function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw BadRequest('INVALID_FLAG', `--${name} must be one of ${allowed.join(', ')}.`);
  }
  return value as T;
}

function wholeNumber(flags: Flags, name: string): number | undefined {
  const value = optionalText(flags, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw BadRequest('INVALID_FLAG', `--${name} must be a whole number.`);
  return Number(value);
}

function money(flags: Flags, name: string) {
  const value = optionalText(flags, name);
  if (value === undefined) return undefined;
  try {
    return parseMoney(value);
  } catch {
    throw BadRequest('INVALID_FLAG', `--${name} must be an amount in EUR with at most 2 decimals.`);
  }
}

async function existingCustomer(customerId: string) {
  const customer = await customerStore.get(customerId);
  if (!customer) throw NotFound('CUSTOMER_NOT_FOUND', `No customer ${customerId}.`);
  return customer;
}

async function existingUser(userId: string) {
  const user = await userStore.get(userId);
  if (!user) throw NotFound('USER_NOT_FOUND', `No user ${userId}.`);
  return user;
}

/** A request id for a money command, printed before the write so that a retry can pass it again. */
export const newCreditReference = () => `req-${randomUUID()}`;

const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

function creditReference(flags: Flags): string {
  const reference = optionalText(flags, 'reference');
  if (reference === undefined) return newCreditReference();
  if (!REFERENCE.test(reference))
    throw BadRequest(
      'INVALID_FLAG',
      '--reference must be 1–100 letters, digits, dots, colons, dashes or underscores.',
    );
  return reference;
}

export const quotasView = (quotas: Quotas) => ({
  max_projects: quotas.max_projects,
  free_analyses_per_month: quotas.free_analyses_per_month,
  monthly_spend_limit: formatMoney(quotas.monthly_spend_limit),
  topup_min: formatMoney(quotas.topup_min),
  topup_max: formatMoney(quotas.topup_max),
});

export const commands = {
  'create-customer': async (flags) => {
    const customer = await createCustomer({ name: text(flags, 'name'), managed: flags.managed === true });
    return { customer_id: customer.customer_id };
  },

  'create-user': async (flags) => {
    const customerId = optionalText(flags, 'customer');
    const role = customerId ? oneOf(text(flags, 'role'), CUSTOMER_ROLES, 'role') : undefined;
    if (customerId) await existingCustomer(customerId);
    const user = await createUser({ email: text(flags, 'email'), name: text(flags, 'name') });
    if (customerId && role) await customerStore.putMember(customerId, user.user_id, role);
    const key = await createApiKey({ userId: user.user_id, name: 'created by operator', projectId: null });
    return { user_id: user.user_id, api_key: key.api_key };
  },

  'add-member': async (flags) => {
    const customerId = text(flags, 'customer');
    const userId = text(flags, 'user');
    const role: CustomerRole = oneOf(text(flags, 'role'), CUSTOMER_ROLES, 'role');
    await existingCustomer(customerId);
    await existingUser(userId);
    await customerStore.putMember(customerId, userId, role);
    return {};
  },

  'add-project-member': async (flags) => {
    const projectId = text(flags, 'project');
    const userId = text(flags, 'user');
    const role: ProjectRole = oneOf(text(flags, 'role'), PROJECT_ROLES, 'role');
    await existingUser(userId);
    await projectStore.addMember(projectId, userId, role);
    return {};
  },

  'create-project': async (flags) => {
    const customer = await existingCustomer(text(flags, 'customer'));
    const owner = await existingUser(text(flags, 'user'));
    const project = await createProject({
      customerId: customer.customer_id,
      userId: owner.user_id,
      name: text(flags, 'name'),
      localization: localize(text(flags, 'country'), text(flags, 'currency')),
      managed: customer.managed,
      isDefault: flags.default === true,
    });
    return { project_id: project.project_id };
  },

  'set-quotas': async (flags) => {
    const customer = await customerStore.changeQuotas(text(flags, 'customer'), {
      max_projects: wholeNumber(flags, 'max-projects'),
      free_analyses_per_month: wholeNumber(flags, 'free-analyses'),
      monthly_spend_limit: money(flags, 'monthly-spend-limit'),
      topup_min: money(flags, 'topup-min'),
      topup_max: money(flags, 'topup-max'),
    });
    return quotasView(customer.quotas);
  },

  'set-exports': async (flags) => {
    const projectId = text(flags, 'project');
    const enabled = oneOf(text(flags, 'enabled'), ['true', 'false'], 'enabled') === 'true';
    await exportStore.setEnabled(projectId, enabled, new Date().toISOString());
    return { project_id: projectId, exports_enabled: enabled };
  },

  credit: async (flags) => {
    const customer = await existingCustomer(text(flags, 'customer'));
    const amount = money(flags, 'amount');
    if (amount === undefined || amount <= 0)
      throw BadRequest('INVALID_FLAG', '--amount must be a positive amount in EUR.');
    const reference = creditReference(flags);
    const source = `operator-${reference}`;
    const credited = await ledger.creditBalance({
      customerId: customer.customer_id,
      amount,
      kind: 'OPERATOR_CREDIT',
      source,
      reason: text(flags, 'reason'),
    });
    if (!credited) {
      const earlier = await ledger.findCredit(customer.customer_id, source);
      if (earlier && earlier.amount !== amount)
        throw Conflict(
          'REFERENCE_REUSED',
          `Reference ${reference} credited ${formatMoney(earlier.amount)} EUR at ${earlier.creditedAt}, not ${formatMoney(amount)}.`,
        );
    }
    return {
      ...balanceRecord(customer.customer_id, await ledger.getBalance(customer.customer_id)),
      reference,
      credited,
    };
  },
} satisfies Record<string, (flags: Flags) => Promise<Record<string, unknown>>>;
