import { WEBHOOK_EVENT_TYPES } from '../../../functions/core/webhook-events.ts';
import { ok, page } from '../api.ts';
import { type ConsoleContext, may } from '../context.ts';
import { h, when } from '../dom.ts';
import { actionButton, apiForm } from '../forms.ts';
import { pagedList } from '../paged-list.ts';
import { projectOrNotice } from './no-project.ts';

/** Webhooks of the project: register (secret shown once), test, deliveries and redelivery, remove. */
export async function webhooksPage(context: ConsoleContext, params: string[]): Promise<HTMLElement> {
  const project = projectOrNotice(context, 'Webhooks');
  if (project instanceof HTMLElement) return project;
  const api = context.api;
  const manage = may(context, 'MANAGE_WEBHOOKS');
  const webhookId = params[0];
  if (webhookId) {
    return h(
      'div',
      {},
      h('h1', {}, `Deliveries of ${webhookId}`),
      pagedList(
        'Deliveries',
        [
          { title: 'Event', cell: (row) => row.event_type },
          { title: 'Status', cell: (row) => row.status },
          { title: 'Attempts', cell: (row) => String(row.attempts.length) },
          { title: 'Created', cell: (row) => when(row.created_at) },
          {
            title: '',
            cell: (row) =>
              manage
                ? actionButton('Redeliver', async () => {
                    await ok(
                      api.POST('/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', {
                        params: { path: { webhook_id: webhookId, delivery_id: row.delivery_id } },
                      }),
                    );
                    context.go(location.hash);
                  })
                : null,
          },
        ],
        async (cursor: string | null) =>
          page(
            api.GET('/webhooks/{webhook_id}/deliveries', {
              params: { path: { webhook_id: webhookId }, query: cursor ? { cursor } : {} },
            }),
          ),
      ),
    );
  }
  return h(
    'div',
    {},
    h('h1', {}, 'Webhooks'),
    manage
      ? apiForm(
          'Register a webhook',
          [
            { name: 'url', label: 'Receiver URL', type: 'url', required: true },
            {
              name: 'events',
              label: 'Events (comma separated)',
              value: 'job.completed,job.failed,export.ready',
            },
          ],
          'Register',
          async (values) => {
            const created = await ok(
              api.POST('/webhooks', {
                body: {
                  project_id: project.project_id,
                  url: (values.url ?? '').trim(),
                  events: (values.events ?? '')
                    .split(',')
                    .map((event) => event.trim())
                    .filter(Boolean) as (typeof WEBHOOK_EVENT_TYPES)[number][],
                },
              }),
            );
            return h(
              'p',
              {},
              'Registered. Its signing secret, shown only this once: ',
              h('output', { class: 'secret' }, created.secret),
            );
          },
        )
      : null,
    h('p', {}, `Events: ${WEBHOOK_EVENT_TYPES.join(', ')}.`),
    pagedList(
      'Webhooks of the project',
      [
        { title: 'Receiver', cell: (row) => h('a', { href: `#/webhooks/${row.webhook_id}` }, row.url) },
        { title: 'Events', cell: (row) => row.events.join(', ') },
        { title: 'Created', cell: (row) => when(row.created_at) },
        {
          title: '',
          cell: (row) =>
            manage
              ? [
                  actionButton('Send test event', async () => {
                    await ok(
                      api.POST('/webhooks/{webhook_id}/test', {
                        params: { path: { webhook_id: row.webhook_id } },
                      }),
                    );
                    context.go(`#/webhooks/${row.webhook_id}`);
                  }),
                  actionButton('Remove', async () => {
                    await ok(
                      api.DELETE('/webhooks/{webhook_id}', {
                        params: { path: { webhook_id: row.webhook_id } },
                      }),
                    );
                    context.go('#/webhooks');
                  }),
                ]
              : null,
        },
      ],
      async (cursor: string | null) =>
        page(
          api.GET('/webhooks', {
            params: { query: { project_id: project.project_id, ...(cursor ? { cursor } : {}) } },
          }),
        ),
    ),
  );
}
