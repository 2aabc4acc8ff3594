import * as v from 'valibot';
import { cursor, id, limit } from '#platform/request-fields';
import { authorizedWebhook } from '#webhooks/authorized-webhook';
import { webhookStore } from '#webhooks/webhook-services';
import { http } from '../http.ts';
import { listPage } from '../list-page.ts';
import { delivery, publicDelivery } from './webhook-responses.ts';

const path = v.object({ webhook_id: id });
const query = v.object({ limit, cursor });

export const handler = http(
  { path, query, responses: { 200: v.array(delivery) } },
  async ({ principal, guard, path, query, event, baseUrl }) => {
    const webhook = await authorizedWebhook(guard, path.webhook_id);
    const page = await listPage(event, principal, baseUrl, query.cursor);
    const { values, next } = await webhookStore.deliveriesPage(webhook.webhook_id, {
      limit: query.limit,
      after: page.after,
    });
    return page.answer(values.map(publicDelivery), next);
  },
);
