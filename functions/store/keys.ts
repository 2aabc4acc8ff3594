/** Key builders of the single table; every item's PK/SK/GSI1 comes from here. */
export const userKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'USER' });
export const emailKey = (email: string) => ({ PK: `EMAIL#${email.toLowerCase()}`, SK: 'EMAIL' });
export const apiKeyLookupKey = (keyHash: string) => ({ PK: `APIKEY#${keyHash}`, SK: 'APIKEY' });
export const userApiKeyKey = (userId: string, keyId: string) => ({
  PK: `USER#${userId}`,
  SK: `KEY#${keyId}`,
});
export const customerKey = (customerId: string) => ({ PK: `CUSTOMER#${customerId}`, SK: 'CUSTOMER' });
export const customerMembershipKey = (userId: string, customerId: string) => ({
  PK: `USER#${userId}`,
  SK: `CUSTOMER#${customerId}`,
});
export const projectKey = (projectId: string) => ({ PK: `PROJECT#${projectId}`, SK: 'PROJECT' });
export const projectMembershipKey = (userId: string, projectId: string) => ({
  PK: `USER#${userId}`,
  SK: `PROJECT#${projectId}`,
});
export const customerProjectsIndex = (customerId: string, projectId: string) => ({
  GSI1PK: `CUSTOMER#${customerId}#PROJECTS`,
  GSI1SK: `PROJECT#${projectId}`,
});
export const customerMembersIndex = (customerId: string, userId: string) => ({
  GSI1PK: `CUSTOMER#${customerId}#MEMBERS`,
  GSI1SK: `USER#${userId}`,
});
export const customerMonthKey = (customerId: string, month: string) => ({
  PK: `CUSTOMER#${customerId}`,
  SK: `MONTH#${month}`,
});
export const balanceKey = (customerId: string) => ({ PK: `CUSTOMER#${customerId}`, SK: 'BALANCE' });
export const ledgerEntryKey = (customerId: string, entryId: string) => ({
  PK: `CUSTOMER#${customerId}`,
  SK: `LEDGER#${entryId}`,
});
/** Guards exactly-once credits: one item per source (a checkout session, an operator request). */
export const creditGuardKey = (customerId: string, source: string) => ({
  PK: `CUSTOMER#${customerId}`,
  SK: `CREDIT#${source}`,
});
export const holdKey = (customerId: string, holdId: string) => ({
  PK: `CUSTOMER#${customerId}`,
  SK: `HOLD#${holdId}`,
});
/** One of a customer's slots of the hourly setup cap: when a setup job last took it. */
/** The slots of a customer's setups per rolling hour (`store/window-slots.ts`). */
export const setupSlots = (customerId: string) => ({ PK: `CUSTOMER#${customerId}`, prefix: 'SETUP_SLOT#' });
/** The slots of a user's contact requests per rolling hour (`store/window-slots.ts`). */
export const contactSlots = (userId: string) => ({ PK: `USER#${userId}`, prefix: 'CONTACT_SLOT#' });
export const chargeKey = (customerId: string, settledAt: string, jobId: string) => ({
  PK: `CUSTOMER#${customerId}`,
  SK: `CHARGE#${settledAt}#${jobId}`,
});
/** A project's jobs of one list (setup, scraping, matching), newest first by their time-sortable ids. */
export const projectJobsIndex = (projectId: string, list: string, jobId: string) => ({
  GSI1PK: `PROJECT#${projectId}#JOBS#${list}`,
  GSI1SK: `JOB#${jobId}`,
});
/** Links a website to a job of one list, so a website's jobs are listed newest first without a filter. */
export const websiteJobKey = (websiteId: string, list: string, jobId: string) => ({
  PK: `WEBSITE#${websiteId}`,
  SK: `JOB#${list}#${jobId}`,
});
/** Every unfinished job, for the idle sweeper; removed when the job ends. */
export const openJobKey = (jobId: string) => ({ PK: 'OPEN_JOBS', SK: `JOB#${jobId}` });
/** At most one unfinished setup job per website identity and project. */
export const openSetupKey = (projectId: string, websiteKey: string) => ({
  PK: `PROJECT#${projectId}`,
  SK: `OPEN_SETUP#${websiteKey}`,
});
export const websiteKey = (websiteId: string) => ({ PK: `WEBSITE#${websiteId}`, SK: 'WEBSITE' });
export const websiteProfileKey = (websiteId: string) => ({ PK: `WEBSITE#${websiteId}`, SK: 'PROFILE' });
export const websiteSampleKey = (websiteId: string) => ({ PK: `WEBSITE#${websiteId}`, SK: 'SAMPLE' });
export const projectWebsitesIndex = (projectId: string, websiteId: string) => ({
  GSI1PK: `PROJECT#${projectId}#WEBSITES`,
  GSI1SK: `WEBSITE#${websiteId}`,
});
/** One website per identity (host without www., plus a non-default port) and project. */
export const websiteIdentityKey = (projectId: string, identity: string) => ({
  PK: `PROJECT#${projectId}`,
  SK: `SITE#${identity}`,
});
/** A top-up, found by its checkout session; a customer's top-ups list under `TOPUP#`. */
export const topupKey = (customerId: string, sessionId: string) => ({
  PK: `CUSTOMER#${customerId}`,
  SK: `TOPUP#${sessionId}`,
});
/** Invoice ids sort by time, so `INVOICE#` read backwards lists newest first. */
export const invoiceKey = (customerId: string, invoiceId: string) => ({
  PK: `CUSTOMER#${customerId}`,
  SK: `INVOICE#${invoiceId}`,
});
/** Guards one invoice per paid checkout session and points to it. */
export const sessionInvoiceKey = (customerId: string, sessionId: string) => ({
  PK: `CUSTOMER#${customerId}`,
  SK: `SESSION_INVOICE#${sessionId}`,
});
/** The last invoice number issued in a year, moved only in the transaction writing that invoice. */
export const invoiceCounterKey = (year: number) => ({ PK: 'INVOICE_COUNTER', SK: `YEAR#${year}` });
/** A session of the local checkout page (no Stripe key configured). */
export const localCheckoutKey = (sessionId: string) => ({ PK: `CHECKOUT#${sessionId}`, SK: 'CHECKOUT' });
export const jobKey = (jobId: string) => ({ PK: `JOB#${jobId}`, SK: 'JOB' });
export const contactRequestKey = (contactRequestId: string) => ({
  PK: `CONTACT#${contactRequestId}`,
  SK: 'CONTACT',
});
/** At most one unfinished FULL scrape per website and project (the 200 of POST /jobs/scraping). */
export const openFullScrapeKey = (projectId: string, websiteId: string) => ({
  PK: `PROJECT#${projectId}`,
  SK: `OPEN_FULL_SCRAPE#${websiteId}`,
});
/**
 * A website's catalog pointers: `FULL`, the last catalog a FULL scrape delivered; `COMPLETE`, the
 * last whole catalog (FULL or CATALOG_URLS). They live in the website's partition, so they go with it.
 */
export const websiteCatalogKey = (websiteId: string, kind: 'FULL' | 'COMPLETE') => ({
  PK: `WEBSITE#${websiteId}`,
  SK: `CATALOG#${kind}`,
});
/** The newest scrape run a website's price history holds: what its history export files are built from. */
export const websiteHistoryKey = (websiteId: string) => ({ PK: `WEBSITE#${websiteId}`, SK: 'HISTORY' });
/**
 * A change a scrape found on a website of the project, in the order found: by the time its scrape
 * settled, the job and the change's place in the job's list, so `since` is a key range.
 */
export const projectChangeKey = (projectId: string, detectedAt: string, jobId: string, seq: number) => ({
  PK: `PROJECT#${projectId}`,
  SK: `CHANGE#${detectedAt}#${jobId}#${String(seq).padStart(6, '0')}`,
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
  PK: `PROJECT#${projectId}`,
  SK: jobId ? `EXPORT#${dataset}#job#${jobId}` : `EXPORT#${dataset}#${websiteId ?? 'all'}`,
});
/** Operators' export settings of a project (whether its exports are enabled). */
export const exportSettingsKey = (projectId: string) => ({
  PK: `PROJECT#${projectId}`,
  SK: 'EXPORT_SETTINGS',
});
/** At most one unfinished matching job per project, reference, set of competitors and sample flag. */
export const openMatchingKey = (projectId: string, requestKey: string) => ({
  PK: `PROJECT#${projectId}`,
  SK: `OPEN_MATCHING#${requestKey}`,
});
/** The project's one free matching sample. */
export const matchingSampleKey = (projectId: string) => ({
  PK: `PROJECT#${projectId}`,
  SK: 'MATCHING_SAMPLE',
});
/** Names the newest matching state of a reference and competitor pair of the project. */
export const matchingStateKey = (projectId: string, referenceId: string, competitorId: string) => ({
  PK: `PROJECT#${projectId}`,
  SK: `MATCHING_STATE#${referenceId}#${competitorId}`,
});
/** A decision of the project's match review, one per pair of products (`decisionId`). */
export const matchDecisionKey = (projectId: string, decisionId: string) => ({
  PK: `PROJECT#${projectId}`,
  SK: `MATCH_DECISION#${decisionId}`,
});
/**
 * Work a step could not finish when it ran (a settled scrape's price history, a delivery round the
 * lane would not start), held by kind until the job sweeper finishes it, in the order of its id.
 */
export type HeldWorkKind = 'HISTORY_RUN' | 'DELIVERY_ROUND';
export const heldWorkKey = (kind: HeldWorkKind, id: string) => ({ PK: `HELD#${kind}`, SK: id });
/** A product's slot towards another website, held by the one kept (accepted or manual) pair there. */
export const matchSlotKey = (projectId: string, slot: string) => ({
  PK: `PROJECT#${projectId}`,
  SK: `MATCH_SLOT#${slot}`,
});
/** Counts the changes of the project's match decisions, so match files built before one are rebuilt. */
export const matchDecisionsVersionKey = (projectId: string) => ({
  PK: `PROJECT#${projectId}`,
  SK: 'MATCH_DECISIONS',
});
export const scheduleKey = (scheduleId: string) => ({ PK: `SCHEDULE#${scheduleId}`, SK: 'SCHEDULE' });
export const projectSchedulesIndex = (projectId: string, scheduleId: string) => ({
  GSI1PK: `PROJECT#${projectId}#SCHEDULES`,
  GSI1SK: `SCHEDULE#${scheduleId}`,
});
/** A schedule's run of one due time: one item per due time, so a run is made once whoever races. */
export const scheduleRunKey = (scheduleId: string, dueAt: string) => ({
  PK: `SCHEDULE#${scheduleId}`,
  SK: `RUN#${dueAt}`,
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
export const webhookKey = (webhookId: string) => ({ PK: `WEBHOOK#${webhookId}`, SK: 'WEBHOOK' });
export const projectWebhooksIndex = (projectId: string, webhookId: string) => ({
  GSI1PK: `PROJECT#${projectId}#WEBHOOKS`,
  GSI1SK: `WEBHOOK#${webhookId}`,
});
/** One event's delivery to one webhook, with its attempts; delivery ids sort by time (newest first backwards). */
export const webhookDeliveryKey = (webhookId: string, deliveryId: string) => ({
  PK: `WEBHOOK#${webhookId}`,
  SK: `DELIVERY#${deliveryId}`,
});
