import { ok, page } from '../api.ts';
import { type ConsoleContext, may } from '../context.ts';
import { h, when } from '../dom.ts';
import { actionButton, apiForm } from '../forms.ts';
import { pagedList } from '../paged-list.ts';
import { projectOrNotice } from './no-project.ts';

/** Scheduled scrapes: create a daily one, pause or resume, and each schedule's runs. */
export async function schedulesPage(context: ConsoleContext, params: string[]): Promise<HTMLElement> {
  const project = projectOrNotice(context, 'Schedules');
  if (project instanceof HTMLElement) return project;
  const api = context.api;
  const manage = may(context, 'MANAGE_SCHEDULES');
  const scheduleId = params[0];
  if (scheduleId) {
    return h(
      'div',
      {},
      h('h1', {}, `Runs of ${scheduleId}`),
      pagedList(
        'Schedule runs',
        [
          { title: 'Due', cell: (run) => when(run.due_at) },
          { title: 'Outcome', cell: (run) => run.outcome },
          {
            title: 'Job',
            cell: (run) => (run.job_id ? h('a', { href: `#/jobs/scraping/${run.job_id}` }, run.job_id) : '—'),
          },
          { title: 'Why skipped', cell: (run) => run.detail ?? run.skip_reason ?? '—' },
        ],
        async (cursor: string | null) =>
          page(
            api.GET('/schedules/{schedule_id}/runs', {
              params: { path: { schedule_id: scheduleId }, query: cursor ? { cursor } : {} },
            }),
          ),
      ),
    );
  }
  const websites = (await ok(
    api.GET('/websites', { params: { query: { project_id: project.project_id, limit: 100 } } }),
  )) as { website_id: string; domain: string }[];
  return h(
    'div',
    {},
    h('h1', {}, 'Schedules'),
    manage && websites.length > 0
      ? apiForm(
          'Scrape a website every day',
          [
            {
              name: 'website_id',
              label: 'Website',
              type: 'select',
              options: websites.map((site) => ({ value: site.website_id, label: site.domain })),
            },
            { name: 'cadence.time', label: 'Time (HH:MM)', required: true, value: '06:30' },
            { name: 'time_zone', label: 'Time zone', required: true, value: 'Europe/Prague' },
            { name: 'monthly_budget', label: 'Monthly budget (EUR)', required: true, value: '20.00' },
          ],
          'Create schedule',
          async (values) => {
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
          },
        )
      : null,
    pagedList(
      'Schedules of the project',
      [
        {
          title: 'Schedule',
          cell: (row) => h('a', { href: `#/schedules/${row.schedule_id}` }, row.schedule_id),
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
            manage && row.status !== 'STOPPED'
              ? actionButton(row.status === 'ACTIVE' ? 'Pause' : 'Resume', async () => {
                  await ok(
                    api.PATCH('/schedules/{schedule_id}', {
                      params: { path: { schedule_id: row.schedule_id } },
                      body: { status: row.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE' },
                    }),
                  );
                  context.go('#/schedules');
                })
              : null,
        },
      ],
      async (cursor: string | null) =>
        page(
          api.GET('/schedules', {
            params: { query: { project_id: project.project_id, ...(cursor ? { cursor } : {}) } },
          }),
        ),
    ),
  );
}
