import { type Principal, type ProjectAction, projectAccessProblem } from '#core/access-policy';
import { NotFound } from '#core/problem';
import { projectFacts } from '#store/projects';
import { getSchedule, type Schedule } from '#store/schedules';

/**
 * The schedule, when the caller may do the action in its project. One the caller cannot see is 404
 * SCHEDULE_NOT_FOUND; a role too low stays 403 INSUFFICIENT_ROLE.
 */
export async function authorizedSchedule(
  principal: Principal,
  scheduleId: string,
  action: ProjectAction,
): Promise<Schedule> {
  const schedule = await getSchedule(scheduleId);
  const notFound = NotFound('SCHEDULE_NOT_FOUND', 'No such schedule.');
  if (!schedule) throw notFound;
  const problem = projectAccessProblem(
    principal,
    await projectFacts(principal.userId, schedule.project_id),
    action,
  );
  if (problem) throw problem.status === 404 ? notFound : problem;
  return schedule;
}
