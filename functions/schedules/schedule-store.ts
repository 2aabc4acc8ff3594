import type { PageRequest, QueryPage } from '#store/query-page';
import type { PendingRun, Schedule, ScheduleRun } from './schedule.ts';

/**
 * Where schedules and their runs are kept: what the schedule use cases need of a store, in their
 * words. Races surface as `false` (read again and retry), never as a storage error.
 */
export interface ScheduleStore {
  /** Writes a new ACTIVE schedule, due at its `next_run_at`. */
  create(schedule: Schedule): Promise<void>;
  get(scheduleId: string): Promise<Schedule | null>;
  /** Writes `after` over `before` only if nothing wrote the schedule since it was read; false when another write came first. */
  change(before: Schedule, after: Schedule): Promise<boolean>;
  /**
   * Claims the run of the schedule's due time and moves the schedule on to `next` at once: of two
   * runners reading the same due time, one claims it. False when it was claimed or changed meanwhile.
   */
  claimRun(schedule: Schedule, next: Schedule, run: ScheduleRun, plannedJobId: string): Promise<boolean>;
  /** The runs claimed before `claimedBefore` that never recorded an outcome, each taken over at `now`. */
  takeStaleRuns(claimedBefore: string, now: string): Promise<PendingRun[]>;
  /** Records how a claimed run ended (nothing is written when the schedule was removed meanwhile). */
  recordRunOutcome(
    run: Pick<ScheduleRun, 'schedule_id' | 'due_at'>,
    outcome: Pick<ScheduleRun, 'outcome' | 'job_id' | 'skip_reason' | 'detail'>,
  ): Promise<ScheduleRun>;
  /** One page of the project's schedules, newest first. */
  page(projectId: string, page: PageRequest): Promise<QueryPage<Schedule>>;
  /** Every schedule of the project. */
  ofProject(projectId: string): Promise<Schedule[]>;
  /** One page of a schedule's runs, newest due time first. */
  runsPage(scheduleId: string, page: PageRequest): Promise<QueryPage<ScheduleRun>>;
  /** The runs due in [start, end): what a month's budget counts. */
  runsDueBetween(scheduleId: string, start: string, end: string): Promise<ScheduleRun[]>;
  /** The schedules due at or before `now`, oldest due first, at most `limit`. */
  dueSchedules(now: string, limit: number): Promise<{ scheduleId: string; dueAt: string }[]>;
  /** Forgets a due time its schedule no longer holds (removed meanwhile). */
  dropDueMarker(dueAt: string, scheduleId: string): Promise<void>;
  /** Removes a schedule with its runs; false when it changed since it was read. */
  remove(schedule: Schedule): Promise<boolean>;
}
