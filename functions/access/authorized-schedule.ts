import type { Principal, ProjectAction } from '#core/access-policy';
import { NotFound } from '#core/problem';
import { getSchedule, type Schedule } from '#store/schedules';
import { authorizedInProject } from './authorized-in-project.ts';

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
    await getSchedule(scheduleId),
    action,
    NotFound('SCHEDULE_NOT_FOUND', 'No such schedule.'),
  );
}
