import { projectAccessProblem } from '#core/access-policy';
import type { RouteGuard } from '#core/route-guard';
import type { Project } from './project.ts';
import { projectStore } from './project-services.ts';

/** The project, when the caller may do the route's action on it; otherwise the policy's problem is thrown. */
export async function authorizedProject(guard: RouteGuard, projectId: string): Promise<Project> {
  const facts = await projectStore.facts(guard.principal.userId, projectId);
  const problem = projectAccessProblem(guard.principal, facts, guard.projectAction());
  if (problem || !facts.project) throw problem;
  guard.pass();
  return facts.project;
}
