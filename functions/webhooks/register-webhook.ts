import { randomBytes } from 'node:crypto';
import { newId } from '#core/ids';
import { BadRequest, Invalid } from '#core/problem';
import type { WebhookEventType } from '#core/webhook-events';
import { receiverAddressProblem } from '#crawl/index';
import type { Webhook } from './webhook.ts';
import { receiverAllowList } from './webhook-receiver-services.ts';
import { webhookStore } from './webhook-services.ts';

/** Endpoints a project may register: enough for a few systems and their staging twins. */
export const MAX_WEBHOOKS_PER_PROJECT = 20;

/** The secret that signs a webhook's deliveries: 32 random bytes, shown once when it is created. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** Registers a webhook of the project, when its URL may receive deliveries. */
export async function registerWebhook(
  projectId: string,
  userId: string,
  request: { url: string; events: WebhookEventType[] },
): Promise<Webhook> {
  const url = new URL(request.url);
  const problem = await receiverAddressProblem(url, receiverAllowList());
  if (problem) {
    throw Invalid('WEBHOOK_URL_NOT_ALLOWED', {
      location: 'body',
      path: 'url',
      message: `This URL cannot receive webhooks: ${problem}.`,
    });
  }
  if ((await webhookStore.ofProject(projectId)).length >= MAX_WEBHOOKS_PER_PROJECT) {
    throw BadRequest('WEBHOOK_LIMIT_REACHED', `A project has at most ${MAX_WEBHOOKS_PER_PROJECT} webhooks.`);
  }
  const webhook: Webhook = {
    webhook_id: newId('whk'),
    project_id: projectId,
    url: url.href,
    events: [...new Set(request.events)],
    secret: newSecret(),
    created_by: userId,
    created_at: new Date().toISOString(),
  };
  await webhookStore.create(webhook);
  return webhook;
}
