import { authorizedInProject } from '#accounts/authorized-in-project';
import { NotFound } from '#core/problem';
import type { RouteGuard } from '#core/route-guard';
import type { Webhook } from './webhook.ts';
import { webhookStore } from './webhook-services.ts';

/**
 * The webhook, when the caller may do the route's action in its project. One the caller cannot see is 404
 * WEBHOOK_NOT_FOUND; a role too low stays 403.
 */
export async function authorizedWebhook(guard: RouteGuard, webhookId: string): Promise<Webhook> {
  return authorizedInProject(
    guard,
    await webhookStore.get(webhookId),
    NotFound('WEBHOOK_NOT_FOUND', 'No such webhook.'),
  );
}
