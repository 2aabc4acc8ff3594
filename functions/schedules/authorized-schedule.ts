import { authorizedInProject } from '#access/authorized-in-project';
import type { Principal, ProjectAction } from '#core/access-policy';
import { NotFound } from '#core/problem';
import type { Schedule } from './schedule.ts';
import { scheduleStore } from './schedule-services.ts';

/**
 * The schedule, when the caller may do the action in its project. One the caller cannot see is 404
 * SCHEDULE_NOT_FOUND; a role too low stays 403 INSUFFICIENT_ROLE.
 */
export async function authorizedSchedule(
  principal: Principal,
  scheduleId: string,
  action: ProjectAction,
): Promise<Schedule> {
  return authorizedInProject(
    principal,
    await scheduleStore.get(scheduleId),
    action,
    NotFound('SCHEDULE_NOT_FOUND', 'No such schedule.'),
  );
}
