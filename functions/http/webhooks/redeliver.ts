import * as v from 'valibot';
import { id } from '#platform/request-fields';
import { authorizedWebhook } from '#webhooks/authorized-webhook';
import { redeliver } from '#webhooks/redeliver';
import { http } from '../http.ts';
import { delivery, publicDelivery } from './webhook-responses.ts';

const path = v.object({ webhook_id: id, delivery_id: id });

export const handler = http({ path, responses: { 200: delivery } }, async ({ guard, path, answer }) => {
  const webhook = await authorizedWebhook(guard, path.webhook_id);
  return answer(200, publicDelivery(await redeliver(webhook, path.delivery_id)));
});
