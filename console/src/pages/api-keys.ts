import { ok, page } from '../api.ts';
import type { ConsoleContext } from '../context.ts';
import { h, when } from '../dom.ts';
import { actionButton, apiForm } from '../forms.ts';
import { pagedList } from '../paged-list.ts';

/** Scopes by their console labels (the spec's scope table). */
const SCOPE_LABELS = { USER: 'all projects', PROJECT: 'one project' } as const;

/** The account's name, and the user's API keys: create one for all projects or one project (shown once), revoke. */
export async function apiKeysPage(context: ConsoleContext): Promise<HTMLElement> {
  if (context.scope === 'PROJECT') {
    return h(
      'div',
      {},
      h('h1', {}, 'API keys'),
      h('p', {}, 'A project key cannot manage API keys; sign in with a key for all projects.'),
    );
  }
  const api = context.api;
  return h(
    'div',
    {},
    h('h1', {}, 'API keys'),
    apiForm(
      'Your account',
      [
        {
          name: 'name',
          label: 'Your name',
          required: true,
          maxlength: 100,
          value: context.accountName ?? '',
        },
      ],
      'Save name',
      async (values) => {
        const account = await ok(api.PUT('/account', { body: { name: values.name ?? '' } }));
        context.accountName = account.name;
        return `Saved: ${account.name}.`;
      },
    ),
    apiForm(
      'Create an API key',
      [
        { name: 'name', label: 'Name', maxlength: 100 },
        {
          name: 'scope',
          label: 'Works for',
          type: 'select',
          value: 'USER',
          options: [
            { value: 'USER', label: SCOPE_LABELS.USER },
            { value: 'PROJECT', label: SCOPE_LABELS.PROJECT },
          ],
        },
        {
          name: 'project_id',
          label: 'Project (for one project)',
          type: 'select',
          value: context.project?.project_id,
          options: context.projects.map((project) => ({ value: project.project_id, label: project.name })),
        },
      ],
      'Create key',
      async (values) => {
        const created = await ok(
          api.POST('/account/api-keys', {
            body: {
              ...(values.name ? { name: values.name } : {}),
              project_id: values.scope === 'PROJECT' ? (values.project_id ?? null) : null,
            },
          }),
        );
        const copied = h('span', { 'aria-live': 'polite' });
        return h(
          'div',
          { class: 'new-key' },
          h('p', {}, `Your new key for ${SCOPE_LABELS[created.scope]}. It is shown only this once:`),
          h('output', { class: 'secret', 'aria-label': 'New API key' }, created.api_key),
          h(
            'button',
            {
              type: 'button',
              onclick: async () => {
                await navigator.clipboard.writeText(created.api_key);
                copied.textContent = 'Copied.';
              },
            },
            'Copy key',
          ),
          copied,
          h(
            'p',
            {},
            h('a', { href: '#/api-keys', onclick: () => context.go('#/api-keys') }, 'Show the list again'),
          ),
        );
      },
    ),
    pagedList(
      'Your API keys',
      [
        { title: 'Name', cell: (key) => key.name ?? '—' },
        { title: 'Ends with', cell: (key) => h('code', {}, key.key_suffix) },
        {
          title: 'Works for',
          cell: (key) =>
            key.scope === 'PROJECT'
              ? `${SCOPE_LABELS.PROJECT}: ${context.projects.find((project) => project.project_id === key.project_id)?.name ?? key.project_id}`
              : SCOPE_LABELS.USER,
        },
        { title: 'Created', cell: (key) => when(key.created_at) },
        { title: 'Last used', cell: (key) => when(key.last_used_at) },
        {
          title: '',
          cell: (key) =>
            actionButton(
              'Revoke',
              async () => {
                await ok(
                  api.DELETE('/account/api-keys/{key_id}', { params: { path: { key_id: key.key_id } } }),
                );
                context.go('#/api-keys');
              },
              { 'aria-label': `Revoke key ending ${key.key_suffix}` },
            ),
        },
      ],
      async (cursor: string | null) =>
        page(api.GET('/account/api-keys', { params: { query: cursor ? { cursor } : {} } })),
    ),
  );
}
