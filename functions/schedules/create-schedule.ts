import { newId } from '#core/ids';
import { type Cents, formatMoney } from '#core/money';
import { BadRequest } from '#core/problem';
import type { Project } from '#projects/project';
import { projectWebsite } from '#websites/project-website';
import { screenScrapeUrls } from '#websites/screen-scrape-urls';
import type { Website } from '#websites/website';
import { planNextRun } from './plan-schedule.ts';
import type { Schedule, ScheduleVariant } from './schedule.ts';
import type { Cadence } from './schedule-cadence.ts';
import { scheduleStore } from './schedule-services.ts';

export interface ScheduleScope {
  variant?: ScheduleVariant;
  urls?: string[];
}

export interface ScheduleRequest extends ScheduleScope {
  website_id: string;
  cadence: Cadence;
  time_zone: string;
  monthly_budget: Cents;
}

export interface ScheduleCreation {
  schedule: Schedule;
  /** For a URL list: what the service removed from it, as POST /jobs/scraping reports it. */
  rejected?: { rejected: number; rejected_urls: string[] };
}

/**
 * A run's scope as stored: `urls` means URLS_ONLY, screened like a scrape job's list (invalid,
 * duplicate and other-website URLs removed; 400 NO_URL_ACCEPTED when none is left).
 */
export function screenScope(
  scope: ScheduleScope,
  website: Website,
): { variant: ScheduleVariant; urls: string[] | null; rejected?: ScheduleCreation['rejected'] } {
  if (!scope.urls) return { variant: scope.variant ?? 'FULL', urls: null };
  const screened = screenScrapeUrls(scope.urls, website.domain);
  const rejected = { rejected: screened.rejected, rejected_urls: screened.rejectedUrls };
  if (screened.accepted.length === 0) {
    throw BadRequest('NO_URL_ACCEPTED', `None of the URLs is a valid URL of ${website.domain}.`, rejected);
  }
  return { variant: 'URLS_ONLY', urls: screened.accepted, rejected };
}

/** Creates an ACTIVE schedule of a website of the project, due at its cadence's next run. */
export async function createSchedule(
  project: Project,
  createdBy: string,
  request: ScheduleRequest,
): Promise<ScheduleCreation> {
  const website = await projectWebsite(project.project_id, request.website_id);
  const { rejected, ...scope } = screenScope(request, website);
  const now = new Date();
  const plan = planNextRun(request.cadence, request.time_zone, now);
  const schedule: Schedule = {
    schedule_id: newId('sch', now.getTime()),
    project_id: project.project_id,
    website_id: website.website_id,
    ...scope,
    cadence: request.cadence,
    time_zone: plan.timeZone,
    monthly_budget: formatMoney(request.monthly_budget),
    status: 'ACTIVE',
    stopped_reason: null,
    next_run_at: plan.nextRunAt,
    created_by: createdBy,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    version: 0,
  };
  await scheduleStore.create(schedule);
  return rejected ? { schedule, rejected } : { schedule };
}
