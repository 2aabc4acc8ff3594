import { type Principal, type ProjectAction, projectAccessProblem } from '#core/access-policy';
import { NotFound } from '#core/problem';
import { projectFacts } from '#store/projects';
import { getWebhook, type Webhook } from '#store/webhooks';

/**
 * The webhook, when the caller may do the action in its project. One the caller cannot see is 404
 * WEBHOOK_NOT_FOUND; a role too low stays 403.
 */
export async function authorizedWebhook(
  principal: Principal,
  webhookId: string,
  action: ProjectAction,
): Promise<Webhook> {
  const webhook = await getWebhook(webhookId);
  const notFound = NotFound('WEBHOOK_NOT_FOUND', 'No such webhook.');
  if (!webhook) throw notFound;
  const problem = projectAccessProblem(
    principal,
    await projectFacts(principal.userId, webhook.project_id),
    action,
  );
  if (problem) throw problem.status === 404 ? notFound : problem;
  return webhook;
}
