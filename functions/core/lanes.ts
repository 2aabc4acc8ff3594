/**
 * Job lanes: the spec's states and every move between them, as one table. The stores enforce each
 * move with a conditional write on the current status; the state machines, the HTTP handlers and
 * the idle sweeper all ask this module which move a trigger makes.
 */
export type JobType = 'WEBSITE_SETUP' | 'FULL_SCRAPE' | 'URL_SCRAPE' | 'MATCHING';

export type JobStatus =
  | 'CREATED'
  | 'ANALYZING'
  | 'ESTIMATE_READY'
  | 'TRAINING'
  | 'AWAITING_APPROVAL'
  | 'APPROVED'
  | 'RUNNING'
  | 'SETTLING'
  | 'EXPORTING'
  | 'COMPLETED'
  | 'FAILED'
  | 'CANCELLED';

export const JOB_TYPES: readonly JobType[] = ['WEBSITE_SETUP', 'FULL_SCRAPE', 'URL_SCRAPE', 'MATCHING'];

export const JOB_STATUSES: readonly JobStatus[] = [
  'CREATED',
  'ANALYZING',
  'ESTIMATE_READY',
  'TRAINING',
  'AWAITING_APPROVAL',
  'APPROVED',
  'RUNNING',
  'SETTLING',
  'EXPORTING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
];

/** The spec's lanes: the states of each job type in order; the last one completes the job. */
export const LANE_STATES: Record<JobType, readonly JobStatus[]> = {
  WEBSITE_SETUP: ['CREATED', 'ANALYZING', 'ESTIMATE_READY', 'TRAINING', 'COMPLETED'],
  FULL_SCRAPE: ['AWAITING_APPROVAL', 'APPROVED', 'RUNNING', 'SETTLING', 'EXPORTING', 'COMPLETED'],
  URL_SCRAPE: ['AWAITING_APPROVAL', 'APPROVED', 'RUNNING', 'SETTLING', 'EXPORTING', 'COMPLETED'],
  MATCHING: ['AWAITING_APPROVAL', 'APPROVED', 'RUNNING', 'SETTLING', 'EXPORTING', 'COMPLETED'],
};

const FINAL: ReadonlySet<JobStatus> = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

/**
 * What can move a job: its lane's own work finishing a step (`WORK_DONE`), the user's approval, a
 * failure, the user's cancel, and the idle sweeper's expiry.
 */
export type Trigger = 'WORK_DONE' | 'APPROVE' | 'FAIL' | 'CANCEL' | 'EXPIRE';

/**
 * Facts a move's condition reads. `quoteHigher`: the approval's repricing at the current products
 * came out above the quote held.
 */
export interface MoveFacts {
  quoteHigher?: boolean;
}

export type Condition = 'ALWAYS' | 'QUOTE_NOT_HIGHER' | 'QUOTE_HIGHER';

/** Why a trigger leaves the job where it is; each maps to a 409 of the interface. */
export type Refusal = 'JOB_NOT_CANCELLABLE' | 'QUOTE_CHANGED' | 'NO_SUCH_MOVE';

export interface Move {
  jobTypes: readonly JobType[];
  from: readonly JobStatus[];
  trigger: Trigger;
  condition: Condition;
  /** The next state, or the refusal when the spec says the job stays unchanged. */
  outcome: { to: JobStatus } | { refused: Refusal };
  /** The spec's "Also" column, or why the row exists. */
  note: string;
}

const SETUP: readonly JobType[] = ['WEBSITE_SETUP'];
const PRICED: readonly JobType[] = ['FULL_SCRAPE', 'URL_SCRAPE', 'MATCHING'];

/**
 * The states a user may still cancel (and the sweeper expire): not approved, not settling, not
 * finished. RUNNING and EXPORTING come after the approval (or, for a free matching sample, after
 * the dispatch), so the spec's "an approved job cannot be cancelled" keeps them too.
 */
const CANCELLABLE: readonly JobStatus[] = [
  'CREATED',
  'ANALYZING',
  'ESTIMATE_READY',
  'TRAINING',
  'AWAITING_APPROVAL',
];

const NOT_CANCELLABLE: readonly JobStatus[] = JOB_STATUSES.filter((status) => !CANCELLABLE.includes(status));

const NON_FINAL: readonly JobStatus[] = JOB_STATUSES.filter((status) => !FINAL.has(status));

/** Each state of a lane with the next one, for the automatic steps of the lane's own work. */
function laneSteps(jobTypes: readonly JobType[], states: readonly JobStatus[], skip: number, note: string) {
  return states.slice(skip, -1).map(
    (from, i): Move => ({
      jobTypes,
      from: [from],
      trigger: 'WORK_DONE',
      condition: 'ALWAYS',
      outcome: { to: states[skip + i + 1] as JobStatus },
      note,
    }),
  );
}

/** Every move of the spec's "Moves that are stated", plus the lane steps it leaves implicit. */
export const MOVES: readonly Move[] = [
  ...laneSteps(
    SETUP,
    LANE_STATES.WEBSITE_SETUP,
    0,
    'the analysis and the training; no user call moves the job on',
  ),
  {
    jobTypes: PRICED,
    from: ['AWAITING_APPROVAL'],
    trigger: 'APPROVE',
    condition: 'QUOTE_NOT_HIGHER',
    outcome: { to: 'APPROVED' },
    note: 'approval recorded and the run dispatched; a lower price is accepted',
  },
  {
    jobTypes: PRICED,
    from: ['AWAITING_APPROVAL'],
    trigger: 'APPROVE',
    condition: 'QUOTE_HIGHER',
    outcome: { refused: 'QUOTE_CHANGED' },
    note: 'refused once; the new quote is stored on the job',
  },
  // After APPROVED the run, the settlement and the export follow one another automatically.
  ...laneSteps(PRICED, LANE_STATES.FULL_SCRAPE, 1, 'the run, the settlement and the export'),
  {
    jobTypes: [...SETUP, ...PRICED],
    from: NON_FINAL,
    trigger: 'FAIL',
    condition: 'ALWAYS',
    outcome: { to: 'FAILED' },
    note: 'a failure at any time ends the job',
  },
  {
    jobTypes: [...SETUP, ...PRICED],
    from: CANCELLABLE,
    trigger: 'CANCEL',
    condition: 'ALWAYS',
    outcome: { to: 'CANCELLED' },
    note: 'cancelled by an ADMIN or EDITOR of the project; the execution is stopped, nothing is charged',
  },
  {
    jobTypes: [...SETUP, ...PRICED],
    from: NOT_CANCELLABLE,
    trigger: 'CANCEL',
    condition: 'ALWAYS',
    outcome: { refused: 'JOB_NOT_CANCELLABLE' },
    note: 'approved, settling or finished: 409',
  },
  {
    jobTypes: [...SETUP, ...PRICED],
    from: CANCELLABLE,
    trigger: 'EXPIRE',
    condition: 'ALWAYS',
    outcome: { to: 'CANCELLED' },
    note: 'the job sat idle past the limit',
  },
];

function conditionHolds(condition: Condition, facts: MoveFacts): boolean {
  if (condition === 'QUOTE_NOT_HIGHER') return facts.quoteHigher !== true;
  if (condition === 'QUOTE_HIGHER') return facts.quoteHigher === true;
  return true;
}

export type Decision = { moved: true; to: JobStatus } | { moved: false; refusal: Refusal };

/** What a trigger does to a job in `from`: the next state, or why the job stays where it is. */
export function decide(jobType: JobType, from: JobStatus, trigger: Trigger, facts: MoveFacts = {}): Decision {
  const move = MOVES.find(
    (candidate) =>
      candidate.trigger === trigger &&
      candidate.jobTypes.includes(jobType) &&
      candidate.from.includes(from) &&
      conditionHolds(candidate.condition, facts),
  );
  if (!move) return { moved: false, refusal: 'NO_SUCH_MOVE' };
  return 'to' in move.outcome
    ? { moved: true, to: move.outcome.to }
    : { moved: false, refusal: move.outcome.refused };
}

/** The state a trigger moves the job to, or null when the job stays where it is. */
export function nextState(
  jobType: JobType,
  from: JobStatus,
  trigger: Trigger,
  facts: MoveFacts = {},
): JobStatus | null {
  const decision = decide(jobType, from, trigger, facts);
  return decision.moved ? decision.to : null;
}

/** Whether some move of the table leads a job of this type from `from` to `to`. */
export function canTransition(jobType: JobType, from: JobStatus, to: JobStatus): boolean {
  return MOVES.some(
    (move) =>
      move.jobTypes.includes(jobType) &&
      move.from.includes(from) &&
      'to' in move.outcome &&
      move.outcome.to === to,
  );
}

export function isFinal(status: JobStatus): boolean {
  return FINAL.has(status);
}

export function isCancellable(status: JobStatus): boolean {
  return CANCELLABLE.includes(status);
}

/**
 * The state a new job starts in. A setup job whose website is already in the project is complete at
 * once (the analysis is not repeated, spec rule 1); a free matching sample runs without approval.
 */
export function initialState(
  jobType: JobType,
  options: { websiteExists?: boolean; sample?: boolean } = {},
): JobStatus {
  if (jobType === 'WEBSITE_SETUP') return options.websiteExists ? 'COMPLETED' : 'CREATED';
  if (jobType === 'MATCHING' && options.sample) return 'RUNNING';
  return 'AWAITING_APPROVAL';
}
