import { JOB_LIST, type JobList, type JobLock, type StoredJob } from '#core/job-record';
import { canTransition, isFinal } from '#core/lanes';
import type { BatchPages, JobStore, ListJobsOptions } from '#jobs/job-store';
import type { ScrapeRunProgress } from '#jobs/scrape-progress';
import type { JointWrite } from '#store/joint-write';

/**
 * A job's write as the use cases asked the store for it: the verb, the job, the status it was left
 * in, and what each joint write made with it does (its `what`), never a table item.
 */
export interface JobWrite {
  verb: 'put' | 'move';
  job_id: string;
  status: StoredJob['status'];
  also: string[];
}

/**
 * A job store in memory with the DynamoDB store's rules (lane moves only, a move only from the status
 * read, open keys held until the job ends), so job use cases run in unit tests in milliseconds.
 * `writes` keeps the puts and moves it made, in order, with the joint writes each carried.
 */
export class MemoryJobStore implements JobStore {
  readonly jobs = new Map<string, StoredJob>();
  readonly writes: JobWrite[] = [];
  /** Each scrape batch's own count of pages, by job, plan and batch. */
  readonly batchPages = new Map<string, number>();
  private readonly locks = new Map<string, string>();
  private clock = 0;

  /** A strictly later instant for every write, as `updated_at` compares times. */
  private now(): string {
    this.clock = Math.max(this.clock + 1, Date.now());
    return new Date(this.clock).toISOString();
  }

  async put<Extra extends object>(job: StoredJob<Extra>, also: JointWrite[] = []) {
    const held = isFinal(job.status) ? [] : job.locks;
    if (this.jobs.has(job.job_id) || held.some((lock) => this.locks.has(lockOf(lock)))) {
      throw Object.assign(new Error('A lock is held'), { name: 'TransactionCanceledException' });
    }
    for (const lock of held) this.locks.set(lockOf(lock), job.job_id);
    const stored = { ...job, locks: held };
    this.jobs.set(job.job_id, stored);
    this.writes.push({
      verb: 'put',
      job_id: job.job_id,
      status: job.status,
      also: also.map(({ what }) => what),
    });
    return stored;
  }

  async create<Extra extends object>(job: StoredJob<Extra>, also: JointWrite[] = []) {
    const held = isFinal(job.status) ? [] : job.locks;
    if (this.jobs.has(job.job_id) || held.some((lock) => this.locks.has(lockOf(lock)))) return null;
    return this.put(job, also);
  }

  async get<Extra extends object = object>(jobId: string) {
    const job = this.jobs.get(jobId);
    return job ? ({ ...job } as StoredJob<Extra>) : null;
  }

  async holding<Extra extends object = object>(lock: JobLock) {
    const holder = this.locks.get(lockOf(lock));
    return holder ? this.get<Extra>(holder) : null;
  }

  async move<Extra extends object>(
    job: StoredJob<Extra>,
    to: StoredJob['status'],
    changes: Parameters<JobStore['move']>[2] = {},
  ) {
    if (!canTransition(job.job_type, job.status, to)) {
      throw new Error(`The ${job.job_type} lane has no move from ${job.status} to ${to}`);
    }
    const current = this.jobs.get(job.job_id);
    if (!current || current.status !== job.status) return null;
    if (changes.unchangedSinceRead && current.updated_at !== job.updated_at) return null;
    const now = this.now();
    const ending = isFinal(to);
    if (ending) for (const lock of current.locks) this.locks.delete(lockOf(lock));
    const moved = {
      ...current,
      ...changes.set,
      status: to,
      updated_at: now,
      ...(ending ? { finished_at: now, locks: [] } : {}),
    } as StoredJob<Extra>;
    this.jobs.set(job.job_id, moved);
    this.writes.push({
      verb: 'move',
      job_id: job.job_id,
      status: to,
      also: (changes.also ?? []).map(({ what }) => what),
    });
    return moved;
  }

  async updateIn(jobId: string, status: StoredJob['status'], set: object) {
    const current = this.jobs.get(jobId);
    if (!current || current.status !== status) return false;
    this.jobs.set(jobId, { ...current, ...set, updated_at: this.now() });
    return true;
  }

  async setPathIn(jobId: string, status: StoredJob['status'], path: readonly string[], value: unknown) {
    const current = this.jobs.get(jobId);
    if (!current || current.status !== status) return false;
    const copy = structuredClone(current) as unknown as Record<string, Record<string, unknown>>;
    let parent: Record<string, unknown> = copy;
    for (const name of path.slice(0, -1)) parent = parent[name] as Record<string, unknown>;
    parent[path.at(-1) as string] = value;
    this.jobs.set(jobId, { ...(copy as unknown as StoredJob), updated_at: this.now() });
    return true;
  }

  async setRunningPages(jobId: string, plan: string, batch: number, pages: number) {
    const current = this.jobs.get(jobId) as (StoredJob & { scrape_run?: ScrapeRunProgress }) | undefined;
    if (!current || isFinal(current.status)) return false;
    // A part of an earlier plan writes where no reader of the job looks.
    if (current.scrape_run?.plan !== plan) return true;
    return this.setPathIn(jobId, current.status, ['scrape_run', 'running_pages', String(batch)], pages);
  }

  async countBatchPages(jobId: string, status: StoredJob['status'], pages: BatchPages) {
    const current = this.jobs.get(jobId) as (StoredJob & { scrape_run?: ScrapeRunProgress }) | undefined;
    if (!current || current.status !== status || !current.scrape_run) return false;
    const key = `${jobId}|${pages.plan}|${pages.batch}`;
    const before = this.batchPages.get(key) ?? 0;
    this.batchPages.set(key, pages.done);
    const { [String(pages.batch)]: _ended, ...running } = current.scrape_run.running_pages ?? {};
    const run = {
      ...current.scrape_run,
      pages_done: (current.scrape_run.pages_done ?? 0) + pages.done - before,
      running_pages: running,
    };
    this.jobs.set(jobId, { ...current, scrape_run: run, updated_at: this.now() } as StoredJob);
    return true;
  }

  async deleteFinished(job: { job_id: string; status: StoredJob['status'] }) {
    if (this.jobs.get(job.job_id)?.status !== job.status) return false;
    return this.jobs.delete(job.job_id);
  }

  async list<Extra extends object>(projectId: string, list: JobList, options: ListJobsOptions<Extra>) {
    const after = options.after === undefined ? undefined : String(options.after.job_id);
    const jobs = [...this.jobs.values()]
      .filter((job) => job.project_id === projectId && JOB_LIST[job.job_type] === list)
      .filter((job) => !options.websiteId || job.website_id === options.websiteId)
      .filter((job) => !after || job.job_id < after)
      .sort((a, b) => b.job_id.localeCompare(a.job_id)) as StoredJob<Extra>[];
    const kept = options.keep ? await options.keep(jobs) : jobs;
    const page = kept.slice(0, options.limit);
    const last = page.at(-1);
    return { values: page, next: kept.length > options.limit && last ? { job_id: last.job_id } : undefined };
  }

  async open<Extra extends object = object>() {
    return [...this.jobs.values()].filter((job) => !isFinal(job.status)) as StoredJob<Extra>[];
  }

  async setExecutionArn(jobId: string, executionArn: string) {
    const current = this.jobs.get(jobId);
    if (!current) throw new Error(`No job ${jobId}`);
    this.jobs.set(jobId, { ...current, execution_arn: executionArn });
  }

  /**
   * The condition in the job store's words only: the memory store makes no table items, so a
   * DynamoDB adapter handed it refuses it (`transactItemsOf`) rather than check a job it cannot see.
   */
  stillIn(jobId: string, status: StoredJob['status']): JointWrite {
    return Object.freeze({ what: `job ${jobId} is still ${status}` });
  }

  async discardNew(job: StoredJob) {
    if (this.jobs.get(job.job_id)?.status !== job.status) return false;
    for (const lock of job.locks) this.locks.delete(lockOf(lock));
    return this.jobs.delete(job.job_id);
  }
}

/** A lock's identity, whatever order its fields were written in. */
const lockOf = (lock: JobLock) => JSON.stringify(Object.entries(lock).sort());
