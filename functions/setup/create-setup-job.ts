import type { Customer } from '#accounts/account';
import { customerStore } from '#accounts/account-services';
import { freeAllowances, ledger } from '#billing/ledger-services';
import type { AnalysisCharge } from '#billing/setup-billing';
import { newId } from '#core/ids';
import { type JobLock, newJobRecord } from '#core/job-record';
import { initialState } from '#core/lanes';
import { type Cents, formatMoney } from '#core/money';
import { pragueMonthOf } from '#core/prague-month';
import { setupAnalysisCharge } from '#core/pricing';
import { Forbidden, TooManyRequests } from '#core/problem';
import { freeSlot } from '#core/rolling-window';
import { announceNewJob } from '#jobs/job-events';
import { jobStore } from '#jobs/job-services';
import type { SetupFields, SetupJob } from '#jobs/setup-job';
import { startLane } from '#jobs/start-lane';
import { priceList } from '#platform/stage-services';
import { localize } from '#projects/localization';
import type { Project } from '#projects/project';
import { projectStore } from '#projects/project-services';
import type { JointWrite } from '#store/joint-write';
import type { Website } from '#websites/website';
import { websiteAddress } from '#websites/website-identity';
import { websiteStore } from '#websites/website-services';
import { setupLimitPerHour, setupSlots } from './setup-services.ts';

export interface SetupRequest {
  url: string;
  country: string;
  currency: string;
}

/** A racing create or a transaction conflict is answered by reading again; a few rounds settle any race. */
const MAX_ATTEMPTS = 5;

/**
 * Creates a setup job by the spec's rules: the website is the URL's domain (rule 2); an unfinished
 * setup of the same website in the project is returned instead (`created: false`, the 200 case);
 * a website already in the project completes the job at once without a new analysis (rule 1);
 * otherwise the job takes one of the month's free analyses or holds the analysis price on the
 * credit (rule 3), and its lane starts at once. Every job created takes a place in the customer's
 * hourly setup cap in the same transaction (429 SETUP_LIMIT_REACHED beyond it); returning the open
 * job takes none.
 */
export async function createSetupJob(
  project: Project,
  request: SetupRequest,
): Promise<{ job: SetupJob; created: boolean }> {
  const address = websiteAddress(request.url);
  const localization = localize(request.country, request.currency);
  const customer = project.customer_id ? await customerStore.get(project.customer_id) : null;
  if (!customer) throw new Error(`Project ${project.project_id} has no customer to bill`);
  const lock: JobLock = { lock: 'SETUP', project_id: project.project_id, website_key: address.identity };
  const projectWrites = project.localization
    ? []
    : [projectStore.firstLocalization(project.project_id, localization)];

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const open = await jobStore().holding<SetupFields>(lock);
    if (open) return { job: open, created: false };
    const setupPlace = await takeSetupPlace(customer.customer_id);
    const website = await websiteStore.findByIdentity(project.project_id, address.identity);
    const fields = { project, customer, request, domain: address.identity };
    if (website) {
      const job = await jobStore().create(newSetupJob({ ...fields, website, charge: { kind: 'NONE' } }), [
        ...projectWrites,
        setupPlace,
      ]);
      // Another create of the customer took the same setup slot first: read again.
      if (!job) continue;
      await announceNewJob(job);
      return { job, created: true };
    }
    const month = pragueMonthOf(new Date());
    const usage = await ledger.monthlyUsage(customer.customer_id, month);
    const price = setupAnalysisCharge(
      {
        usedThisMonth: usage.free_analyses_used,
        freePerMonth: customer.quotas.free_analyses_per_month,
      },
      priceList(),
    );
    const jobId = newId('job');
    const charge: AnalysisCharge =
      price === 0 ? { kind: 'FREE', month } : { kind: 'PAID', month, amount: price, hold_id: jobId };
    if (charge.kind === 'PAID') checkSpendLimit(customer, usage.committed, price);
    const writes: JointWrite[] = [
      ...projectWrites,
      setupPlace,
      ...(charge.kind === 'FREE'
        ? [freeAllowances.takeAnalysis(customer.customer_id, month, customer.quotas.free_analyses_per_month)]
        : []),
    ];
    const job = await jobStore().create(
      newSetupJob({ ...fields, jobId, website: null, charge, lock }),
      writes,
    );
    // Another create took the website's lock, the last free analysis or the setup slot: read again.
    if (!job) continue;
    if (charge.kind === 'PAID') await holdAnalysisPrice(job, charge, customer.quotas.monthly_spend_limit);
    await announceNewJob(job);
    await startSetup(job);
    return { job, created: true };
  }
  throw new Error(`Creating a setup job of ${address.identity} kept racing with other creates`);
}

function newSetupJob(input: {
  project: Project;
  customer: Customer;
  request: SetupRequest;
  domain: string;
  website: Website | null;
  charge: AnalysisCharge;
  jobId?: string;
  lock?: JobLock;
}): SetupJob {
  const now = new Date().toISOString();
  return {
    ...newJobRecord({
      job_id: input.jobId ?? newId('job'),
      job_type: 'WEBSITE_SETUP',
      status: initialState('WEBSITE_SETUP', { websiteExists: input.website !== null }),
      project_id: input.project.project_id,
      website_id: input.website?.website_id ?? null,
      estimate: input.website?.estimate ?? null,
      customer_id: input.customer.customer_id,
      locks: input.lock ? [input.lock] : [],
      now,
    }),
    url: input.request.url,
    country: input.request.country,
    currency: input.request.currency,
    analysis_progress: null,
    train_progress: null,
    domain: input.domain,
    analysis_charge: input.charge,
    analysis_seeds: null,
  };
}

/**
 * The write that takes one of the customer's setup slots of the rolling hour, or 429
 * SETUP_LIMIT_REACHED with the seconds until one frees. The write is conditional on the slot
 * still being free, so a racing create that took it first sends this one round again.
 */
async function takeSetupPlace(customerId: string): Promise<JointWrite> {
  const now = Date.now();
  const limit = setupLimitPerHour();
  const choice = freeSlot(await setupSlots.taken(customerId), now, limit);
  if (!choice.free)
    throw TooManyRequests(
      'SETUP_LIMIT_REACHED',
      `A customer may start ${limit.max} setup jobs in any 60 minutes; retry in ${choice.retryAfterSeconds} s.`,
      choice.retryAfterSeconds,
    );
  return setupSlots.take(customerId, choice.slot, now, limit.windowMs);
}

/**
 * This month's charges and open holds may not pass the customer's limit (403 MONTHLY_SPEND_LIMIT).
 * A first look that spares writing a job; the hold's own condition decides when requests race.
 */
function checkSpendLimit(customer: Customer, committed: Cents, price: Cents): void {
  if (committed + price > customer.quotas.monthly_spend_limit) {
    throw Forbidden(
      'MONTHLY_SPEND_LIMIT',
      `This analysis costs ${formatMoney(price)} EUR and the monthly spend limit of ${formatMoney(customer.quotas.monthly_spend_limit)} EUR would be passed (${formatMoney(committed)} EUR charged or held this month).`,
    );
  }
}

/** Holds the analysis price; when the credit is too low (402) the job is taken back as if never made. */
async function holdAnalysisPrice(
  job: SetupJob,
  charge: AnalysisCharge & { kind: 'PAID' },
  spendLimit: Cents,
): Promise<void> {
  try {
    await ledger.placeHold({
      customerId: job.customer_id,
      holdId: charge.hold_id,
      amount: charge.amount,
      jobId: job.job_id,
      monthlySpendLimit: spendLimit,
    });
  } catch (error) {
    await jobStore().discardNew(job);
    throw error;
  }
}

const startSetup = (job: SetupJob) =>
  startLane('website-setup', job.job_id, 'The setup could not be started. Please try again.');
