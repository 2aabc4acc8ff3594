import type { JSX } from 'preact';
import { ok } from '../api.ts';
import { type ConsoleContext, type ConsoleProject, managedCustomers } from '../context.ts';
import { ApiForm } from '../forms.tsx';
import { session } from '../session.ts';
import { Table } from '../ui.tsx';

/** Projects: the ones you see with your role, create one (with its market), rename or move one. */
export async function projectsPage(context: ConsoleContext): Promise<JSX.Element> {
  const customers = managedCustomers(context);
  const chosen = context.project;
  return (
    <div>
      <h1>Projects</h1>
      <Table<ConsoleProject>
        caption="Your projects"
        columns={[
          { title: 'Name', cell: (project) => project.name },
          { title: 'Id', cell: (project) => <code>{project.project_id}</code> },
          {
            title: 'Market',
            cell: (project) =>
              project.localization
                ? `${project.localization.country} · ${project.localization.currency}`
                : '—',
          },
          { title: 'Your role', cell: (project) => project.role },
          {
            title: '',
            cell: (project) =>
              project.project_id === chosen?.project_id ? (
                <span>Current project</span>
              ) : (
                <button
                  type="button"
                  aria-label={`Open ${project.name}`}
                  onClick={() => {
                    session.chooseProject(project.project_id);
                    void context.refreshProjects().then(() => context.go('#/websites'));
                  }}
                >
                  Open
                </button>
              ),
          },
        ]}
        items={context.projects}
      />
      {customers.length > 0 ? (
        <ApiForm
          title="Create a project"
          fields={[
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
          ]}
          submit="Create project"
          action={async (values) => {
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
          }}
        />
      ) : null}
      {chosen && chosen.role === 'ADMIN' ? (
        <ApiForm
          title={`Change ${chosen.name}`}
          fields={[
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
          ]}
          submit="Save project"
          action={async (values) => {
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
          }}
        />
      ) : null}
    </div>
  );
}
