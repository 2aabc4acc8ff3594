import type { Principal, ProjectAction } from '#core/access-policy';
import { NotFound } from '#core/problem';
import type { Webhook } from '#webhooks/webhook';
import { webhookStore } from '#webhooks/webhook-services';
import { authorizedInProject } from './authorized-in-project.ts';

/**
 * The webhook, when the caller may do the action in its project. One the caller cannot see is 404
 * WEBHOOK_NOT_FOUND; a role too low stays 403.
 */
export async function authorizedWebhook(
  principal: Principal,
  webhookId: string,
  action: ProjectAction,
): Promise<Webhook> {
  return authorizedInProject(
    principal,
    await webhookStore.get(webhookId),
    action,
    NotFound('WEBHOOK_NOT_FOUND', 'No such webhook.'),
  );
}
