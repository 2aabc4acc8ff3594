import { ok } from '../api.ts';
import { type ConsoleContext, type ConsoleProject, managedCustomers } from '../context.ts';
import { h, table } from '../dom.ts';
import { apiForm } from '../forms.ts';
import { session } from '../session.ts';

/** Projects: the ones you see with your role, create one (with its market), rename or move one. */
export async function projectsPage(context: ConsoleContext): Promise<HTMLElement> {
  const customers = managedCustomers(context);
  const chosen = context.project;
  return h(
    'div',
    {},
    h('h1', {}, 'Projects'),
    table<ConsoleProject>(
      'Your projects',
      [
        { title: 'Name', cell: (project) => project.name },
        { title: 'Id', cell: (project) => h('code', {}, project.project_id) },
        {
          title: 'Market',
          cell: (project) =>
            project.localization ? `${project.localization.country} · ${project.localization.currency}` : '—',
        },
        { title: 'Your role', cell: (project) => project.role },
        {
          title: '',
          cell: (project) =>
            project.project_id === chosen?.project_id
              ? h('span', {}, 'Current project')
              : h(
                  'button',
                  {
                    type: 'button',
                    'aria-label': `Open ${project.name}`,
                    onclick: () => {
                      session.chooseProject(project.project_id);
                      void context.refreshProjects().then(() => context.go('#/websites'));
                    },
                  },
                  'Open',
                ),
        },
      ],
      context.projects,
    ),
    customers.length > 0
      ? apiForm(
          'Create a project',
          [
            {
              name: 'customer_id',
              label: 'Customer',
              type: 'select',
              options: customers.map((customer) => ({ value: customer.customer_id, label: customer.name })),
            },
            { name: 'name', label: 'Name', required: true, maxlength: 100 },
            { name: 'localization.country', label: 'Country (ISO code)', required: true, placeholder: 'DE' },
            {
              name: 'localization.currency',
              label: 'Currency (ISO code)',
              required: true,
              placeholder: 'EUR',
            },
          ],
          'Create project',
          async (values) => {
            const created = await ok(
              context.api.POST('/customers/{customer_id}/projects', {
                params: { path: { customer_id: values.customer_id ?? '' } },
                body: {
                  name: values.name ?? '',
                  localization: {
                    country: (values['localization.country'] ?? '').trim().toUpperCase(),
                    currency: (values['localization.currency'] ?? '').trim().toUpperCase(),
                  },
                },
              }),
            );
            session.chooseProject(created.project_id);
            await context.refreshProjects();
            context.go('#/projects');
            return `Created ${created.name}.`;
          },
        )
      : null,
    chosen && chosen.role === 'ADMIN'
      ? apiForm(
          `Change ${chosen.name}`,
          [
            { name: 'name', label: 'Name', value: chosen.name, required: true, maxlength: 100 },
            {
              name: 'localization.country',
              label: 'Country (ISO code)',
              value: chosen.localization?.country,
            },
            {
              name: 'localization.currency',
              label: 'Currency (ISO code)',
              value: chosen.localization?.currency,
            },
          ],
          'Save project',
          async (values) => {
            const country = (values['localization.country'] ?? '').trim().toUpperCase();
            const currency = (values['localization.currency'] ?? '').trim().toUpperCase();
            await ok(
              context.api.PATCH('/projects/{project_id}', {
                params: { path: { project_id: chosen.project_id } },
                body: {
                  name: values.name ?? '',
                  localization: country || currency ? { country, currency } : null,
                },
              }),
            );
            await context.refreshProjects();
            context.go('#/projects');
            return 'Saved.';
          },
        )
      : null,
  );
}
