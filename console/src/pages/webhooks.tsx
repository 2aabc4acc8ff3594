import type { JSX } from 'preact';
import { WEBHOOK_EVENT_TYPES } from '../../../functions/core/webhook-events.ts';
import { ok, page } from '../api.ts';
import { type ConsoleContext, may } from '../context.ts';
import { ActionButton, ApiForm } from '../forms.tsx';
import { PAGE_SIZE, PagedList } from '../paged-list.tsx';
import { when } from '../ui.tsx';
import { isNotice, projectOrNotice } from './no-project.tsx';

/** Webhooks of the project: register (secret shown once), test, deliveries and redelivery, remove. */
export async function webhooksPage(context: ConsoleContext, params: string[]): Promise<JSX.Element> {
  const project = projectOrNotice(context, 'Webhooks');
  if (isNotice(project)) return project;
  const api = context.api;
  const manage = may(context, 'MANAGE_WEBHOOKS');
  const webhookId = params[0];
  if (webhookId) {
    return (
      <div>
        <h1>{`Deliveries of ${webhookId}`}</h1>
        <PagedList
          caption="Deliveries"
          columns={[
            { title: 'Event', cell: (row) => row.event_type },
            { title: 'Status', cell: (row) => row.status },
            { title: 'Attempts', cell: (row) => String(row.attempts.length) },
            { title: 'Created', cell: (row) => when(row.created_at) },
            {
              title: '',
              cell: (row) =>
                manage ? (
                  <ActionButton
                    label="Redeliver"
                    action={async () => {
                      await ok(
                        api.POST('/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', {
                          params: { path: { webhook_id: webhookId, delivery_id: row.delivery_id } },
                        }),
                      );
                      context.go(location.hash);
                    }}
                  />
                ) : null,
            },
          ]}
          load={(cursor: string | null) =>
            page(
              api.GET('/webhooks/{webhook_id}/deliveries', {
                params: {
                  path: { webhook_id: webhookId },
                  query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
                },
              }),
            )
          }
        />
      </div>
    );
  }
  return (
    <div>
      <h1>Webhooks</h1>
      {manage ? (
        <ApiForm
          title="Register a webhook"
          fields={[
            { name: 'url', label: 'Receiver URL', type: 'url', required: true },
            {
              name: 'events',
              label: 'Events (comma separated)',
              value: 'job.completed,job.failed,export.ready',
            },
          ]}
          submit="Register"
          action={async (values) => {
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
            return (
              <p>
                Registered. Its signing secret, shown only this once:{' '}
                <output class="secret">{created.secret}</output>
              </p>
            );
          }}
        />
      ) : null}
      <p>{`Events: ${WEBHOOK_EVENT_TYPES.join(', ')}.`}</p>
      <PagedList
        caption="Webhooks of the project"
        columns={[
          { title: 'Receiver', cell: (row) => <a href={`#/webhooks/${row.webhook_id}`}>{row.url}</a> },
          { title: 'Events', cell: (row) => row.events.join(', ') },
          { title: 'Created', cell: (row) => when(row.created_at) },
          {
            title: '',
            cell: (row) =>
              manage ? (
                <>
                  <ActionButton
                    label="Send test event"
                    action={async () => {
                      await ok(
                        api.POST('/webhooks/{webhook_id}/test', {
                          params: { path: { webhook_id: row.webhook_id } },
                        }),
                      );
                      context.go(`#/webhooks/${row.webhook_id}`);
                    }}
                  />
                  <ActionButton
                    label="Remove"
                    action={async () => {
                      await ok(
                        api.DELETE('/webhooks/{webhook_id}', {
                          params: { path: { webhook_id: row.webhook_id } },
                        }),
                      );
                      context.go('#/webhooks');
                    }}
                  />
                </>
              ) : null,
          },
        ]}
        load={(cursor: string | null) =>
          page(
            api.GET('/webhooks', {
              params: {
                query: { project_id: project.project_id, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
              },
            }),
          )
        }
      />
    </div>
  );
}
