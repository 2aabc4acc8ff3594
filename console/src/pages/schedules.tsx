import type { JSX } from 'preact';
import { ok, page } from '../api.ts';
import { type ConsoleContext, may } from '../context.ts';
import { ActionButton, ApiForm } from '../forms.tsx';
import { PAGE_SIZE, PagedList } from '../paged-list.tsx';
import { projectWebsites } from '../project-websites.ts';
import { when } from '../ui.tsx';
import { isNotice, projectOrNotice } from './no-project.tsx';

/** Scheduled scrapes: create a daily one, pause or resume, and each schedule's runs. */
export async function schedulesPage(context: ConsoleContext, params: string[]): Promise<JSX.Element> {
  const project = projectOrNotice(context, 'Schedules');
  if (isNotice(project)) return project;
  const api = context.api;
  const manage = may(context, 'MANAGE_SCHEDULES');
  const scheduleId = params[0];
  if (scheduleId) {
    return (
      <div>
        <h1>{`Runs of ${scheduleId}`}</h1>
        <PagedList
          caption="Schedule runs"
          columns={[
            { title: 'Due', cell: (run) => when(run.due_at) },
            { title: 'Outcome', cell: (run) => run.outcome },
            {
              title: 'Job',
              cell: (run) => (run.job_id ? <a href={`#/jobs/scraping/${run.job_id}`}>{run.job_id}</a> : '—'),
            },
            { title: 'Why skipped', cell: (run) => run.detail ?? run.skip_reason ?? '—' },
          ]}
          load={(cursor: string | null) =>
            page(
              api.GET('/schedules/{schedule_id}/runs', {
                params: {
                  path: { schedule_id: scheduleId },
                  query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
                },
              }),
            )
          }
        />
      </div>
    );
  }
  const websites = await projectWebsites(api, project.project_id);
  return (
    <div>
      <h1>Schedules</h1>
      {manage && websites.length > 0 ? (
        <ApiForm
          title="Scrape a website every day"
          fields={[
            {
              name: 'website_id',
              label: 'Website',
              type: 'select',
              options: websites.map((site) => ({ value: site.website_id, label: site.domain })),
            },
            { name: 'cadence.time', label: 'Time (HH:MM)', required: true, value: '06:30' },
            { name: 'time_zone', label: 'Time zone', required: true, value: 'Europe/Prague' },
            { name: 'monthly_budget', label: 'Monthly budget (EUR)', required: true, value: '20.00' },
          ]}
          submit="Create schedule"
          action={async (values) => {
            await ok(
              api.POST('/schedules', {
                body: {
                  project_id: project.project_id,
                  website_id: values.website_id ?? '',
                  cadence: { kind: 'DAILY', time: values['cadence.time'] ?? '' },
                  time_zone: values.time_zone ?? '',
                  monthly_budget: values.monthly_budget ?? '',
                },
              }),
            );
            context.go('#/schedules');
            return undefined;
          }}
        />
      ) : null}
      <PagedList
        caption="Schedules of the project"
        columns={[
          {
            title: 'Schedule',
            cell: (row) => <a href={`#/schedules/${row.schedule_id}`}>{row.schedule_id}</a>,
          },
          { title: 'Website', cell: (row) => row.website_id },
          {
            title: 'Cadence',
            cell: (row) =>
              row.cadence.kind === 'CRON'
                ? row.cadence.expression
                : `${row.cadence.kind} ${'day' in row.cadence ? row.cadence.day : ''} ${row.cadence.time} ${row.time_zone}`,
          },
          { title: 'Budget', cell: (row) => `${row.monthly_budget} EUR` },
          { title: 'Status', cell: (row) => row.status },
          { title: 'Next run', cell: (row) => when(row.next_run_at) },
          {
            title: '',
            cell: (row) =>
              manage && row.status !== 'STOPPED' ? (
                <ActionButton
                  label={row.status === 'ACTIVE' ? 'Pause' : 'Resume'}
                  action={async () => {
                    await ok(
                      api.PATCH('/schedules/{schedule_id}', {
                        params: { path: { schedule_id: row.schedule_id } },
                        body: { status: row.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE' },
                      }),
                    );
                    context.go('#/schedules');
                  }}
                />
              ) : null,
          },
        ]}
        load={(cursor: string | null) =>
          page(
            api.GET('/schedules', {
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
