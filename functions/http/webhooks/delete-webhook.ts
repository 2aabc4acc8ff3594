import * as v from 'valibot';
import { noContent } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { authorizedWebhook } from '#webhooks/authorized-webhook';
import { webhookStore } from '#webhooks/webhook-services';
import { http } from '../http.ts';

const path = v.object({ webhook_id: id });

export const handler = http({ path, responses: { 204: null } }, async ({ guard, path }) => {
  const webhook = await authorizedWebhook(guard, path.webhook_id);
  await webhookStore.remove(webhook.webhook_id);
  return noContent();
});
