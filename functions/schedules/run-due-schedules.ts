import { newId } from '#core/ids';
import { parseMoney } from '#core/money';
import { pragueMonthBounds, pragueMonthOf } from '#core/prague-month';
import { isProblem, Problem } from '#core/problem';
import type { ProblemCode } from '#core/problem-catalogue';
import { jobStore } from '#jobs/job-services';
import type { ScrapeJob } from '#jobs/scrape-job';
import { logError } from '#platform/log';
import { projectStore } from '#projects/project-services';
import { approveScrapeJob } from '#scraping/approve-scrape-job';
import { createScrapeJob } from '#scraping/create-scrape-job';
import { stopSchedule } from './change-schedule.ts';
import { recordSkippedRun, type SkipReason } from './record-skipped-run.ts';
import type { PendingRun, Schedule, ScheduleRun } from './schedule.ts';
import { committedByJob, decideBudget } from './schedule-budget.ts';
import { nextRunAfter } from './schedule-cadence.ts';
import { scheduleStore } from './schedule-services.ts';

/** Due schedules read per query; the runner reads again until none is due. */
const PAGE = 50;
/** Jobs of a month's runs read at a time for the budget. */
const JOB_READS = 25;
/**
 * A run still PENDING this long after its claim was left by a runner that stopped: a tick's function
 * times out after 5 minutes.
 */
const STALE_AFTER_MS = 15 * 60_000;

/** The problems of creating or approving a run's job that skip the run, and the reason they give. */
const SKIPPING_PROBLEMS: Partial<Record<ProblemCode, SkipReason>> = {
  WEBSITE_NOT_FOUND: 'WEBSITE_REMOVED',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  MONTHLY_SPEND_LIMIT: 'MONTHLY_SPEND_LIMIT',
  NO_FULL_CATALOG: 'NO_FULL_CATALOG',
  CATALOG_EXPIRED: 'CATALOG_EXPIRED',
  NO_URL_ACCEPTED: 'NO_URL_ACCEPTED',
};

/** A run refused before its job was written. */
class RunRefused extends Error {
  constructor(
    readonly reason: SkipReason,
    detail: string,
  ) {
    super(detail);
    this.name = 'RunRefused';
  }
}

/**
 * Makes the run of every schedule due at `now` (the runner's tick): each due time is claimed once,
 * whoever else runs at the same moment, and each schedule moves on to its next run after `now`, so a
 * runner that was down makes one run per schedule rather than every missed one. Stops starting runs
 * at `deadline` (epoch ms); the next tick takes the rest.
 */
export async function runDueSchedules(
  now: Date,
  deadline = Number.POSITIVE_INFINITY,
): Promise<ScheduleRun[]> {
  const made = await finishStaleRuns(deadline);
  const tried = new Set<string>();
  for (;;) {
    const due = (await scheduleStore.dueSchedules(now.toISOString(), PAGE)).filter(
      ({ scheduleId, dueAt }) => !tried.has(`${dueAt}#${scheduleId}`),
    );
    if (due.length === 0) return made;
    for (const { scheduleId, dueAt } of due) {
      if (Date.now() >= deadline) return made;
      tried.add(`${dueAt}#${scheduleId}`);
      const run = await runDueSchedule(scheduleId, dueAt, now);
      if (run) made.push(run);
    }
  }
}

/** The run of one schedule's due time, or null when another runner made it or the schedule changed. */
export async function runDueSchedule(
  scheduleId: string,
  dueAt: string,
  now: Date,
): Promise<ScheduleRun | null> {
  const schedule = await scheduleStore.get(scheduleId);
  if (schedule?.status !== 'ACTIVE' || schedule.next_run_at !== dueAt) {
    // A marker left behind by a schedule changed or removed since it was read.
    await scheduleStore.dropDueMarker(dueAt, scheduleId);
    return null;
  }
  const after = new Date(Math.max(now.getTime(), Date.parse(dueAt)));
  const next = nextRunAfter(schedule.cadence, schedule.time_zone, after);
  const run: ScheduleRun = {
    schedule_id: scheduleId,
    due_at: dueAt,
    outcome: 'PENDING',
    job_id: null,
    skip_reason: null,
    detail: null,
    recorded_at: new Date().toISOString(),
  };
  const jobId = newId('job');
  if (
    !(await scheduleStore.claimRun(
      schedule,
      { ...schedule, next_run_at: next?.toISOString() ?? null },
      run,
      jobId,
    ))
  )
    return null;
  try {
    return await startRun(schedule, run, jobId);
  } catch (error) {
    logError('a scheduled run failed', error, { scheduleId, dueAt });
    return recordSkippedRun(
      schedule,
      run,
      'RUN_FAILED',
      'The run could not be started; nothing was charged.',
    );
  }
}

/**
 * Creates the run's scrape job under the id the claim named and approves it, as a user would through
 * the API, or skips the run.
 */
async function startRun(schedule: Schedule, run: ScheduleRun, jobId: string): Promise<ScheduleRun> {
  const project = await projectStore.get(schedule.project_id);
  if (!project?.customer_id) throw new Error(`Project ${schedule.project_id} of a schedule has no customer`);
  let job: ScrapeJob;
  try {
    const creation = await createScrapeJob(
      project,
      { website_id: schedule.website_id, variant: schedule.variant, urls: schedule.urls ?? undefined },
      { evenIfFresh: true, admit: (quoted) => admitWithinBudget(schedule, run, quoted), jobId },
    );
    if (!creation.created) {
      return recordSkippedRun(
        schedule,
        run,
        'SCRAPE_IN_PROGRESS',
        `The FULL scrape ${creation.job.job_id} of this website is still open; a run starts no second one.`,
      );
    }
    job = creation.job;
  } catch (error) {
    return skipFor(schedule, run, error);
  }
  return approveRun(schedule, run, job);
}

/** Approves the run's job within the customer's monthly spend limit, or takes it back and skips the run. */
async function approveRun(schedule: Schedule, run: ScheduleRun, job: ScrapeJob): Promise<ScheduleRun> {
  try {
    await approveScrapeJob(job, schedule.schedule_id);
  } catch (error) {
    if (error instanceof Problem && SKIPPING_PROBLEMS[error.code]) {
      // Nothing was held: the job is taken back as if the run had not made it.
      await jobStore().discardNew(job);
      return skipFor(schedule, run, error);
    }
    logError('a scheduled run could not approve its job', error, { scheduleId: schedule.schedule_id });
    return recordSkippedRun(
      schedule,
      run,
      'RUN_FAILED',
      'The run could not be started; nothing was charged.',
      job.job_id,
    );
  }
  return scheduleStore.recordRunOutcome(run, {
    outcome: 'STARTED',
    job_id: job.job_id,
    skip_reason: null,
    detail: null,
  });
}

/**
 * Ends the runs a runner claimed and then stopped on (a crash, a timeout) from where they were left:
 * the job the claim named was approved (STARTED), made and not yet approved (approved now), or never
 * made (skipped, nothing charged).
 */
async function finishStaleRuns(deadline: number): Promise<ScheduleRun[]> {
  const now = Date.now();
  const stale = await scheduleStore.takeStaleRuns(
    new Date(now - STALE_AFTER_MS).toISOString(),
    new Date(now).toISOString(),
  );
  const finished: ScheduleRun[] = [];
  for (const pending of stale) {
    if (Date.now() >= deadline) break;
    try {
      const run = await finishStaleRun(pending);
      if (run) finished.push(run);
    } catch (error) {
      // Its marker stays, taken again by a later tick; the due runs of this one still go ahead.
      logError('a stale scheduled run could not be finished', error, {
        scheduleId: pending.run.schedule_id,
        dueAt: pending.run.due_at,
      });
    }
  }
  return finished;
}

async function finishStaleRun({ run, plannedJobId }: PendingRun): Promise<ScheduleRun | null> {
  const schedule = await scheduleStore.get(run.schedule_id);
  // A schedule removed meanwhile took its runs along.
  if (!schedule) return null;
  const job = await jobStore().get<ScrapeJob>(plannedJobId);
  if (!job) {
    return recordSkippedRun(
      schedule,
      run,
      'RUN_FAILED',
      'The runner stopped before the run made its job; nothing was charged.',
    );
  }
  if (job.approval) {
    return scheduleStore.recordRunOutcome(run, {
      outcome: 'STARTED',
      job_id: job.job_id,
      skip_reason: null,
      detail: null,
    });
  }
  return approveRun(schedule, run, job);
}

async function skipFor(schedule: Schedule, run: ScheduleRun, error: unknown): Promise<ScheduleRun> {
  if (error instanceof RunRefused) return recordSkippedRun(schedule, run, error.reason, error.message);
  const reason = error instanceof Problem ? SKIPPING_PROBLEMS[error.code] : undefined;
  if (!reason) throw error;
  if (isProblem(error, 'WEBSITE_NOT_FOUND')) await stopSchedule(schedule.schedule_id, 'WEBSITE_REMOVED');
  return recordSkippedRun(schedule, run, reason, (error as Problem).message);
}

/**
 * The schedule's budget rule for the Prague month the run is due in (billing months): what the
 * month's runs cost or may still cost, plus this job's cap, must stay within the budget.
 */
async function admitWithinBudget(schedule: Schedule, run: ScheduleRun, job: ScrapeJob): Promise<void> {
  if (!job.estimate) throw new Error(`Job ${job.job_id} has no quote`);
  const { start, end } = pragueMonthBounds(pragueMonthOf(new Date(run.due_at)));
  const runs = await scheduleStore.runsDueBetween(
    schedule.schedule_id,
    start.toISOString(),
    end.toISOString(),
  );
  const jobIds = runs.flatMap((made) => (made.job_id ? [made.job_id] : []));
  const committed = [];
  for (let i = 0; i < jobIds.length; i += JOB_READS) {
    const jobs = await Promise.all(jobIds.slice(i, i + JOB_READS).map((id) => jobStore().get(id)));
    for (const made of jobs) if (made) committed.push(committedByJob(made));
  }
  const decision = decideBudget(parseMoney(schedule.monthly_budget), committed, parseMoney(job.estimate.cap));
  if (!decision.allowed) throw new RunRefused('BUDGET_EXHAUSTED', decision.detail);
}
