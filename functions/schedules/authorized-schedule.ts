import { authorizedInProject } from '#accounts/authorized-in-project';
import { NotFound } from '#core/problem';
import type { RouteGuard } from '#core/route-guard';
import type { Schedule } from './schedule.ts';
import { scheduleStore } from './schedule-services.ts';

/**
 * The schedule, when the caller may do the route's action in its project. One the caller cannot see is 404
 * SCHEDULE_NOT_FOUND; a role too low stays 403 INSUFFICIENT_ROLE.
 */
export async function authorizedSchedule(guard: RouteGuard, scheduleId: string): Promise<Schedule> {
  return authorizedInProject(
    guard,
    await scheduleStore.get(scheduleId),
    NotFound('SCHEDULE_NOT_FOUND', 'No such schedule.'),
  );
}
