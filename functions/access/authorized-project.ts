import { type Principal, type ProjectAction, projectAccessProblem } from '#core/access-policy';
import { type Project, projectFacts } from '#store/projects';

/** The project, when the caller may do the action on it; otherwise the policy's problem is thrown. */
export async function authorizedProject(
  principal: Principal,
  projectId: string,
  action: ProjectAction,
): Promise<Project> {
  const facts = await projectFacts(principal.userId, projectId);
  const problem = projectAccessProblem(principal, facts, action);
  if (problem || !facts.project) throw problem;
  return facts.project;
}
