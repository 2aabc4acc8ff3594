import * as v from 'valibot';
import { WEBHOOK_EVENT_TYPES } from '#core/webhook-events';
import { id } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { registerWebhook } from '#webhooks/register-webhook';
import { http } from '../http.ts';
import { createdWebhook, publicWebhook } from './webhook-responses.ts';

const body = v.pipe(
  v.strictObject({
    project_id: id,
    url: v.pipe(v.string(), v.maxLength(2048), v.url('Must be an absolute URL.')),
    events: v.pipe(v.array(v.picklist(WEBHOOK_EVENT_TYPES)), v.minLength(1, 'Name at least one event.')),
  }),
  v.examples([
    {
      project_id: 'a1B2c3D4',
      url: 'https://example.com/hooks/pds',
      events: ['job.completed', 'job.failed', 'export.ready'],
    },
  ]),
);

export const handler = http(
  { body, responses: { 201: createdWebhook } },
  async ({ principal, guard, body, answer }) => {
    const project = await authorizedProject(guard, body.project_id);
    const webhook = await registerWebhook(project.project_id, principal.userId, body);
    return answer(201, { ...publicWebhook(webhook), secret: webhook.secret });
  },
);
