import type { JobReads } from '#core/job-reads';
import type { Job, JobInternals, JobList, JobLock, StoredJob } from '#core/job-record';
import type { JobStatus } from '#core/lanes';
import type { ListPosition } from '#core/list-cursor';
import type { JointWrite } from '#store/joint-write';
import type { QueryPage } from '#store/query-page';

export interface MoveChanges<Extra extends object> {
  set?: Partial<Job & JobInternals & Extra>;
  /** Other writes that must happen with the move or not at all (a website landing, a counter). */
  also?: JointWrite[];
  /** Moves only if the job has not been touched since it was read (the sweeper's idle check). */
  unchangedSinceRead?: boolean;
}

export interface ListJobsOptions<Extra extends object> {
  limit: number;
  /** Starts after this job (`{ job_id }`, the last one of the page before), newest first. */
  after?: ListPosition;
  /** Lists the jobs linked to this website instead of all the project's jobs of the list. */
  websiteId?: string;
  /** Drops jobs the caller must not show (those of removed websites). */
  keep?: (jobs: StoredJob<Extra>[]) => Promise<StoredJob<Extra>[]>;
}

/** A scrape batch part that has ended: the batch's pages counted so far move from `previous` to `done`. */
export interface BatchPages {
  /** The plan the batch belongs to (`scrape_run.plan`). */
  plan: string;
  batch: number;
  /** The batch's pages done once this part ended (the part's end position in the batch). */
  done: number;
  /** The batch's pages counted before the part (its start), as its writer knows it; the store corrects it when it was wrong. */
  previous: number;
}

/** A page of jobs; `next` is the `{ job_id }` of its last job when more follow. */
export type JobPage<Extra extends object> = QueryPage<StoredJob<Extra>>;

/**
 * Where jobs are kept: what the job use cases need of a store, and all they know of it. DynamoDB in
 * the service; an in-memory store in the use cases' unit tests.
 */
export interface JobStore extends JobReads {
  /**
   * Writes a new job with its open-job marker and its `locks` (each only where nothing holds it), and
   * `also` in the same write; returns it as stored. A lock another job holds rejects the whole write.
   */
  put<Extra extends object>(job: StoredJob<Extra>, also?: JointWrite[]): Promise<StoredJob<Extra>>;
  /**
   * `put` for a create that races others: null when another write took one of the job's locks,
   * or a guarded write of `also`, first (read again and retry). No use case sees a DynamoDB error.
   */
  create<Extra extends object>(job: StoredJob<Extra>, also?: JointWrite[]): Promise<StoredJob<Extra> | null>;
  get<Extra extends object = object>(jobId: string): Promise<StoredJob<Extra> | null>;
  /** The job holding a uniqueness lock, if it is still unfinished. */
  holding<Extra extends object = object>(lock: JobLock): Promise<StoredJob<Extra> | null>;
  /**
   * Moves a job from the status it was read in to `to`, only if the lane table has that move and the
   * job is still in that status: of two racing moves only one wins. Ending the job releases its
   * locks. Returns the moved job, or null when the job had already moved on (or had been touched);
   * throws `JointWriteRefused` when a condition of one of `also` refused the move.
   */
  move<Extra extends object>(
    job: StoredJob<Extra>,
    to: JobStatus,
    changes?: MoveChanges<Extra>,
  ): Promise<StoredJob<Extra> | null>;
  /** Sets fields of a job still in `status`, touching `updated_at`; false when it has moved on. */
  updateIn<Extra extends object>(
    jobId: string,
    status: JobStatus,
    set: Partial<Job & JobInternals & Extra>,
  ): Promise<boolean>;
  /** Sets one nested value (`path` down to it) of a job still in `status`; false when it has moved on. */
  setPathIn(jobId: string, status: JobStatus, path: readonly string[], value: unknown): Promise<boolean>;
  /**
   * Sets the pages a running part of batch `batch` of the job's plan `plan` has done (read back in
   * `scrape_run.running_pages`), kept apart from the job's other fields so the write stays one
   * write unit whatever the job holds; false when the job has ended.
   */
  setRunningPages(jobId: string, plan: string, batch: number, pages: number): Promise<boolean>;
  /**
   * Counts an ended scrape batch part: the batch's own item takes its count of pages, the job's
   * `scrape_run.pages_done` the difference from its count before, and the part's running entry goes,
   * all at once, for a job still in `status`. A retried part (whose count before is not what its
   * writer assumed) corrects the total instead of counting pages twice. False when the job has moved on.
   */
  countBatchPages(jobId: string, status: JobStatus, pages: BatchPages): Promise<boolean>;
  /** Removes a finished job; false when it is gone or no longer in the status it was read in. */
  deleteFinished(job: Job): Promise<boolean>;
  /**
   * A project's jobs of one list, newest first, until `limit` jobs are kept, and where the next page
   * starts when more are kept after them. Paging by id (ids sort by creation time) means jobs created meanwhile fall
   * before the pages already read, never into the ones to come.
   */
  list<Extra extends object>(
    projectId: string,
    list: JobList,
    options: ListJobsOptions<Extra>,
  ): Promise<JobPage<Extra>>;
  /** Every unfinished job (what the idle sweeper scans). */
  open<Extra extends object = object>(): Promise<StoredJob<Extra>[]>;
  /** Records the lane execution running the job, so a cancel can stop it. */
  setExecutionArn(jobId: string, executionArn: string): Promise<void>;
  /** A condition for another store's transaction: the job is still in `status`. */
  stillIn(jobId: string, status: JobStatus): JointWrite;
  /** Takes back a just-created job that never started, with its locks; false when it moved on. */
  discardNew(job: StoredJob): Promise<boolean>;
}
