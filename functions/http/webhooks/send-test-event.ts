import * as v from 'valibot';
import { id } from '#platform/request-fields';
import { authorizedWebhook } from '#webhooks/authorized-webhook';
import { sendTestEvent } from '#webhooks/send-test-event';
import { http } from '../http.ts';
import { delivery, publicDelivery } from './webhook-responses.ts';

const path = v.object({ webhook_id: id });

export const handler = http({ path, responses: { 201: delivery } }, async ({ guard, path, answer }) => {
  const webhook = await authorizedWebhook(guard, path.webhook_id);
  return answer(201, publicDelivery(await sendTestEvent(webhook)));
});
