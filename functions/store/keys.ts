import type { JobLock } from '#core/job-record';

/**
 * Key builders of the single table; every item's PK/SK/GSI1 comes from here, and every key prefix
 * is spelled here once: the builders of one item and the ranges that read a partition's items of
 * one kind (`begins_with`, `BETWEEN`) share it.
 */

/** A partition's items of one kind: those whose SK starts with `prefix`. */
export interface KeyPrefix {
  PK: string;
  prefix: string;
}

/** A partition's items whose SK sorts from `from` to `to`, both included. */
export interface KeyRange {
  PK: string;
  from: string;
  to: string;
}

/** The key condition reading a partition's items of one kind. */
export const beginsWith = ({ PK, prefix }: KeyPrefix) => ({
  KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
  ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
});

/** The key condition reading one partition of the GSI1 index, in its GSI1SK order. */
export const inIndex = (GSI1PK: string) => ({
  IndexName: 'GSI1',
  KeyConditionExpression: 'GSI1PK = :pk',
  ExpressionAttributeValues: { ':pk': GSI1PK },
});

/** The key condition reading a partition's items of one SK range. */
export const between = ({ PK, from, to }: KeyRange) => ({
  KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
  ExpressionAttributeValues: { ':pk': PK, ':from': from, ':to': to },
});

const USER = 'USER#';
const CUSTOMER = 'CUSTOMER#';
const PROJECT = 'PROJECT#';
const WEBSITE = 'WEBSITE#';
const JOB = 'JOB#';
const SCHEDULE = 'SCHEDULE#';
const WEBHOOK = 'WEBHOOK#';
const API_KEY = 'KEY#';
const SETUP_SLOT = 'SETUP_SLOT#';
const CONTACT_SLOT = 'CONTACT_SLOT#';
const CHARGE = 'CHARGE#';
const LEDGER = 'LEDGER#';
const HOLD = 'HOLD#';
const INVOICE = 'INVOICE#';
const CHANGE = 'CHANGE#';
const EXPORT = 'EXPORT#';
const MATCHING_STATE = 'MATCHING_STATE#';
const MATCH_DECISION = 'MATCH_DECISION#';
const RUN = 'RUN#';
const DELIVERY = 'DELIVERY#';
const PROGRESS = 'PROGRESS#';

const userPk = (userId: string) => `${USER}${userId}`;
const customerPk = (customerId: string) => `${CUSTOMER}${customerId}`;
const projectPk = (projectId: string) => `${PROJECT}${projectId}`;
const websitePk = (websiteId: string) => `${WEBSITE}${websiteId}`;
const schedulePk = (scheduleId: string) => `${SCHEDULE}${scheduleId}`;
const webhookPk = (webhookId: string) => `${WEBHOOK}${webhookId}`;
export const userKey = (userId: string) => ({ PK: userPk(userId), SK: 'USER' });
export const emailKey = (email: string) => ({ PK: `EMAIL#${email.toLowerCase()}`, SK: 'EMAIL' });
export const apiKeyLookupKey = (keyHash: string) => ({ PK: `APIKEY#${keyHash}`, SK: 'APIKEY' });
export const userApiKeyKey = (userId: string, keyId: string) => ({
  PK: userPk(userId),
  SK: `${API_KEY}${keyId}`,
});
export const customerKey = (customerId: string) => ({ PK: customerPk(customerId), SK: 'CUSTOMER' });
export const customerMembershipKey = (userId: string, customerId: string) => ({
  PK: userPk(userId),
  SK: customerPk(customerId),
});
export const projectKey = (projectId: string) => ({ PK: projectPk(projectId), SK: 'PROJECT' });
export const projectMembershipKey = (userId: string, projectId: string) => ({
  PK: userPk(userId),
  SK: projectPk(projectId),
});
export const customerProjectsIndex = (customerId: string, projectId: string) => ({
  GSI1PK: `${customerPk(customerId)}#PROJECTS`,
  GSI1SK: projectPk(projectId),
});
export const customerMembersIndex = (customerId: string, userId: string) => ({
  GSI1PK: `${customerPk(customerId)}#MEMBERS`,
  GSI1SK: userPk(userId),
});
export const customerMonthKey = (customerId: string, month: string) => ({
  PK: customerPk(customerId),
  SK: `MONTH#${month}`,
});
export const balanceKey = (customerId: string) => ({ PK: customerPk(customerId), SK: 'BALANCE' });
export const ledgerEntryKey = (customerId: string, entryId: string) => ({
  PK: customerPk(customerId),
  SK: `${LEDGER}${entryId}`,
});
/** Guards exactly-once credits: one item per source (a checkout session, an operator request). */
export const creditGuardKey = (customerId: string, source: string) => ({
  PK: customerPk(customerId),
  SK: `CREDIT#${source}`,
});
export const holdKey = (customerId: string, holdId: string) => ({
  PK: customerPk(customerId),
  SK: `${HOLD}${holdId}`,
});
/** The customer and hold a hold's key names (for holds written before they carried both as fields). */
export const holdOfKey = (key: { PK: string; SK: string }) => ({
  customerId: key.PK.slice(CUSTOMER.length),
  holdId: key.SK.slice('HOLD#'.length),
});
/** How far the indexing of holds written before the open-holds index has come. */
export const holdIndexingKey = { PK: 'MIGRATION', SK: 'OPEN_HOLDS_INDEX' };
/** An open hold in the index of every open hold, which the sweeper reads for holds their job no longer needs. */
export const OPEN_HOLDS_PARTITION = 'OPEN_HOLDS';
export const openHoldIndex = (customerId: string, holdId: string) => ({
  GSI1PK: OPEN_HOLDS_PARTITION,
  GSI1SK: `${customerPk(customerId)}#HOLD#${holdId}`,
});
/** One of a customer's slots of the hourly setup cap: when a setup job last took it. */
/** One numbered slot of a rolling-window limit, in the partition of its slots (`store/window-slots.ts`). */
export const windowSlotKey = ({ PK, prefix }: KeyPrefix, slot: number) => ({ PK, SK: `${prefix}${slot}` });
export const chargeKey = (customerId: string, settledAt: string, jobId: string) => ({
  PK: customerPk(customerId),
  SK: `${CHARGE}${settledAt}#${jobId}`,
});
/** A project's jobs of one list (setup, scraping, matching), newest first by their time-sortable ids. */
export const projectJobsPartition = (projectId: string, list: string) =>
  `${projectPk(projectId)}#JOBS#${list}`;
export const projectJobsIndex = (projectId: string, list: string, jobId: string) => ({
  GSI1PK: projectJobsPartition(projectId, list),
  GSI1SK: `${JOB}${jobId}`,
});
/** Links a website to a job of one list, so a website's jobs are listed newest first without a filter. */
export const websiteJobKey = (websiteId: string, list: string, jobId: string) => ({
  PK: websitePk(websiteId),
  SK: `${JOB}${list}#${jobId}`,
});
/** Every unfinished job, for the idle sweeper; removed when the job ends. */
export const openJobKey = (jobId: string) => ({ PK: 'OPEN_JOBS', SK: `${JOB}${jobId}` });
export const websiteKey = (websiteId: string) => ({ PK: websitePk(websiteId), SK: 'WEBSITE' });
export const websiteProfileKey = (websiteId: string) => ({ PK: websitePk(websiteId), SK: 'PROFILE' });
export const websiteSampleKey = (websiteId: string) => ({ PK: websitePk(websiteId), SK: 'SAMPLE' });
export const projectWebsitesPartition = (projectId: string) => `${projectPk(projectId)}#WEBSITES`;
export const projectWebsitesIndex = (projectId: string, websiteId: string) => ({
  GSI1PK: projectWebsitesPartition(projectId),
  GSI1SK: websitePk(websiteId),
});
/** One website per identity (host without www., plus a non-default port) and project. */
export const websiteIdentityKey = (projectId: string, identity: string) => ({
  PK: projectPk(projectId),
  SK: `SITE#${identity}`,
});
/** A top-up, found by its checkout session; a customer's top-ups list under `TOPUP#`. */
export const topupKey = (customerId: string, sessionId: string) => ({
  PK: customerPk(customerId),
  SK: `TOPUP#${sessionId}`,
});
/** Invoice ids sort by time, so `INVOICE#` read backwards lists newest first. */
export const invoiceKey = (customerId: string, invoiceId: string) => ({
  PK: customerPk(customerId),
  SK: `${INVOICE}${invoiceId}`,
});
/** Guards one invoice per paid checkout session and points to it. */
export const sessionInvoiceKey = (customerId: string, sessionId: string) => ({
  PK: customerPk(customerId),
  SK: `SESSION_INVOICE#${sessionId}`,
});
/** The last invoice number issued in a year, moved only in the transaction writing that invoice. */
export const invoiceCounterKey = (year: number) => ({ PK: 'INVOICE_COUNTER', SK: `YEAR#${year}` });
/** A session of the local checkout page (no Stripe key configured). */
export const localCheckoutKey = (sessionId: string) => ({ PK: `CHECKOUT#${sessionId}`, SK: 'CHECKOUT' });
export const jobKey = (jobId: string) => ({ PK: `${JOB}${jobId}`, SK: 'JOB' });
/** One scrape batch's own count of pages done, beside its job, for the plan that made the batch. */
export const scrapeBatchKey = (jobId: string, plan: string, batch: number) => ({
  PK: `${JOB}${jobId}`,
  SK: `BATCH#${plan}#${String(batch).padStart(6, '0')}`,
});
/**
 * The running parts' pages of one scrape plan, beside its job: the item a page's progress write
 * touches, kept small so the write costs one write unit whatever the job item holds.
 */
export const scrapeProgressKey = (jobId: string, plan: string) => ({
  PK: `${JOB}${jobId}`,
  SK: `${PROGRESS}${plan}`,
});
/**
 * A job's item with its plans' progress items, read in one query (`JOB` sorts after `BATCH#` and
 * before `PROGRESS#`, so the batches' count items stay out); `~` sorts after every plan id.
 */
export const jobWithProgress = (jobId: string): KeyRange => ({
  PK: `${JOB}${jobId}`,
  from: jobKey(jobId).SK,
  to: `${PROGRESS}~`,
});
export const contactRequestKey = (contactRequestId: string) => ({
  PK: `CONTACT#${contactRequestId}`,
  SK: 'CONTACT',
});
/**
 * A website's catalog pointers: `FULL`, the last catalog a FULL scrape delivered; `COMPLETE`, the
 * last whole catalog (FULL or CATALOG_URLS). They live in the website's partition, so they go with it.
 */
export const websiteCatalogKey = (websiteId: string, kind: 'FULL' | 'COMPLETE') => ({
  PK: websitePk(websiteId),
  SK: `CATALOG#${kind}`,
});
/** The newest scrape run a website's price history holds: what its history export files are built from. */
export const websiteHistoryKey = (websiteId: string) => ({ PK: websitePk(websiteId), SK: 'HISTORY' });
/**
 * A change a scrape found on a website of the project, in the order found: by the time its scrape
 * settled, the job and the change's place in the job's list, so `since` is a key range.
 */
export const projectChangeKey = (projectId: string, detectedAt: string, jobId: string, seq: number) => ({
  PK: projectPk(projectId),
  SK: `${CHANGE}${detectedAt}#${jobId}#${String(seq).padStart(6, '0')}`,
});
/**
 * A project's export files, one per dataset and website (`all`: the file of all its websites), and
 * one per URL scrape job (`job#<job_id>`).
 */
export const exportFileKey = (
  projectId: string,
  dataset: string,
  websiteId: string | null,
  jobId: string | null = null,
) => ({
  PK: projectPk(projectId),
  SK: jobId ? `${EXPORT}${dataset}#job#${jobId}` : `${EXPORT}${dataset}#${websiteId ?? 'all'}`,
});
/** Operators' export settings of a project (whether its exports are enabled). */
export const exportSettingsKey = (projectId: string) => ({
  PK: projectPk(projectId),
  SK: 'EXPORT_SETTINGS',
});
/**
 * The item a job's uniqueness lock is kept as: at most one unfinished setup job per website identity
 * and project, one matching job per project, reference, set of competitors and sample flag, one FULL
 * scrape per website and project (the 200 of POST /jobs/scraping).
 */
export function jobLockKey(lock: JobLock): { PK: string; SK: string } {
  switch (lock.lock) {
    case 'SETUP':
      return { PK: projectPk(lock.project_id), SK: `OPEN_SETUP#${lock.website_key}` };
    case 'MATCHING':
      return { PK: projectPk(lock.project_id), SK: `OPEN_MATCHING#${lock.request_key}` };
    case 'FULL_SCRAPE':
      return { PK: projectPk(lock.project_id), SK: `OPEN_FULL_SCRAPE#${lock.website_id}` };
  }
}
/** The project's one free matching sample. */
export const matchingSampleKey = (projectId: string) => ({
  PK: projectPk(projectId),
  SK: 'MATCHING_SAMPLE',
});
/** Names the newest matching state of a reference and competitor pair of the project. */
export const matchingStateKey = (projectId: string, referenceId: string, competitorId: string) => ({
  PK: projectPk(projectId),
  SK: `${MATCHING_STATE}${referenceId}#${competitorId}`,
});
/** A decision of the project's match review, one per pair of products (`decisionId`). */
export const matchDecisionKey = (projectId: string, decisionId: string) => ({
  PK: projectPk(projectId),
  SK: `${MATCH_DECISION}${decisionId}`,
});
/**
 * Work a step could not finish when it ran (a settled scrape's price history, a delivery round the
 * lane would not start), held by kind until the job sweeper finishes it, in the order of its id.
 */
export type HeldWorkKind = 'HISTORY_RUN' | 'DELIVERY_ROUND';
export const heldWorkKey = (kind: HeldWorkKind, id: string) => ({ PK: `HELD#${kind}`, SK: id });
/** A product's slot towards another website, held by the one kept (accepted or manual) pair there. */
export const matchSlotKey = (projectId: string, slot: string) => ({
  PK: projectPk(projectId),
  SK: `MATCH_SLOT#${slot}`,
});
/** Counts the changes of the project's match decisions, so match files built before one are rebuilt. */
export const matchDecisionsVersionKey = (projectId: string) => ({
  PK: projectPk(projectId),
  SK: 'MATCH_DECISIONS',
});
export const scheduleKey = (scheduleId: string) => ({ PK: schedulePk(scheduleId), SK: 'SCHEDULE' });
export const projectSchedulesPartition = (projectId: string) => `${projectPk(projectId)}#SCHEDULES`;
export const projectSchedulesIndex = (projectId: string, scheduleId: string) => ({
  GSI1PK: projectSchedulesPartition(projectId),
  GSI1SK: schedulePk(scheduleId),
});
/** A schedule's run of one due time: one item per due time, so a run is made once whoever races. */
export const scheduleRunKey = (scheduleId: string, dueAt: string) => ({
  PK: schedulePk(scheduleId),
  SK: `${RUN}${dueAt}`,
});
/** Runs claimed and not yet ended, so a runner that stopped mid-run leaves a trace the next tick finds. */
export const PENDING_RUNS_PK = 'PENDING_SCHEDULE_RUNS';
export const pendingRunKey = (scheduleId: string, dueAt: string) => ({
  PK: PENDING_RUNS_PK,
  SK: `${scheduleId}#${dueAt}`,
});
/**
 * An active schedule's next due time, in one partition sorted by time: the runner reads the due ones
 * with one Query (`SK <= now`), never a scan. Moved with the schedule's `next_run_at` in one write.
 */
export const DUE_SCHEDULES_PK = 'DUE_SCHEDULES';
export const dueScheduleKey = (dueAt: string, scheduleId: string) => ({
  PK: DUE_SCHEDULES_PK,
  SK: `${dueAt}#${scheduleId}`,
});
/**
 * A kept first answer of a creating POST, per caller (the user, and the project of a PROJECT key),
 * route and Idempotency-Key.
 */
export const idempotencyKey = (scope: {
  userId: string;
  projectId: string | null;
  route: string;
  key: string;
}) => ({
  PK: `IDEMPOTENCY#${scope.userId}#${scope.projectId ?? 'USER'}`,
  SK: `${scope.route}#${scope.key}`,
});

/** A key's request bucket (the per-key rate limit); the one item kind whose PK starts with `RATE#`. */
export const RATE_BUCKET_PREFIX = 'RATE#';
/** The attributes a bucket write sets, for the IAM condition that lets read-only routes write them. */
export const RATE_BUCKET_ATTRIBUTES = ['at_ms', 'expires_at'] as const;
export const rateBucketKey = (keyId: string) => ({ PK: `${RATE_BUCKET_PREFIX}${keyId}`, SK: 'RATE' });

/** A webhook endpoint of a project; its deliveries share its partition, so they go with it. */
export const webhookKey = (webhookId: string) => ({ PK: webhookPk(webhookId), SK: 'WEBHOOK' });
export const projectWebhooksPartition = (projectId: string) => `${projectPk(projectId)}#WEBHOOKS`;
export const projectWebhooksIndex = (projectId: string, webhookId: string) => ({
  GSI1PK: projectWebhooksPartition(projectId),
  GSI1SK: webhookPk(webhookId),
});
/** One event's delivery to one webhook, with its attempts; delivery ids sort by time (newest first backwards). */
export const webhookDeliveryKey = (webhookId: string, deliveryId: string) => ({
  PK: webhookPk(webhookId),
  SK: `${DELIVERY}${deliveryId}`,
});

/** The user's API keys. */
export const userApiKeysPrefix = (userId: string): KeyPrefix => ({ PK: userPk(userId), prefix: API_KEY });
/** The customers the user is a member of. */
export const customerMembershipsPrefix = (userId: string): KeyPrefix => ({
  PK: userPk(userId),
  prefix: CUSTOMER,
});
/** The projects the user has a role in. */
export const projectMembershipsPrefix = (userId: string): KeyPrefix => ({
  PK: userPk(userId),
  prefix: PROJECT,
});
/** The slots of a customer's setups per rolling hour. */
export const setupSlotsPrefix = (customerId: string): KeyPrefix => ({
  PK: customerPk(customerId),
  prefix: SETUP_SLOT,
});
/** The slots of a user's contact requests per rolling window. */
export const contactSlotsPrefix = (userId: string): KeyPrefix => ({
  PK: userPk(userId),
  prefix: CONTACT_SLOT,
});
/** A customer's ledger entries, the append-only record every balance move writes. */
export const ledgerEntriesPrefix = (customerId: string): KeyPrefix => ({
  PK: customerPk(customerId),
  prefix: LEDGER,
});
export const holdsPrefix = (customerId: string): KeyPrefix => ({ PK: customerPk(customerId), prefix: HOLD });
export const invoicesPrefix = (customerId: string): KeyPrefix => ({
  PK: customerPk(customerId),
  prefix: INVOICE,
});
/**
 * The charges settled from `from` up to `to`, as ISO instants: `CHARGE#<to>` sorts before every
 * `CHARGE#<to>#<job>`, so a charge settled at `to` itself is left out.
 */
export const chargesBetween = (customerId: string, from: string, to: string): KeyRange => ({
  PK: customerPk(customerId),
  from: `${CHARGE}${from}`,
  to: `${CHARGE}${to}`,
});
/** The project's changes detected at or after `since` (all of them when null); `~` sorts after every id. */
export const projectChangesSince = (projectId: string, since: string | null): KeyRange => ({
  PK: projectPk(projectId),
  from: `${CHANGE}${since ?? ''}`,
  to: `${CHANGE}~`,
});
export const exportFilesPrefix = (projectId: string): KeyPrefix => ({
  PK: projectPk(projectId),
  prefix: EXPORT,
});
export const matchingStatesPrefix = (projectId: string): KeyPrefix => ({
  PK: projectPk(projectId),
  prefix: MATCHING_STATE,
});
export const matchDecisionsPrefix = (projectId: string): KeyPrefix => ({
  PK: projectPk(projectId),
  prefix: MATCH_DECISION,
});
export const websiteJobsPrefix = (websiteId: string, list: string): KeyPrefix => ({
  PK: websitePk(websiteId),
  prefix: `${JOB}${list}#`,
});
export const scheduleRunsPrefix = (scheduleId: string): KeyPrefix => ({
  PK: schedulePk(scheduleId),
  prefix: RUN,
});
export const webhookDeliveriesPrefix = (webhookId: string): KeyPrefix => ({
  PK: webhookPk(webhookId),
  prefix: DELIVERY,
});
