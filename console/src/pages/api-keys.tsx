import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ok, page } from '../api.ts';
import type { ConsoleContext } from '../context.ts';
import { ActionButton, ApiForm } from '../forms.tsx';
import { PAGE_SIZE, PagedList } from '../paged-list.tsx';
import { when } from '../ui.tsx';

/** Scopes by their console labels (the spec's scope table). */
const SCOPE_LABELS = { USER: 'all projects', PROJECT: 'one project' } as const;

/** A key just created: shown this once, with a button that copies it. */
function NewKey(props: { apiKey: string; scope: keyof typeof SCOPE_LABELS; context: ConsoleContext }) {
  const [copied, setCopied] = useState(false);
  const secret = useRef<HTMLOutputElement>(null);
  // The key is what the person came for and sees only now: the focus goes to it, to read or copy.
  useEffect(() => {
    secret.current?.focus();
  }, []);
  return (
    <div class="new-key">
      <p>{`Your new key for ${SCOPE_LABELS[props.scope]}. It is shown only this once:`}</p>
      <output ref={secret} class="secret" aria-label="New API key" tabindex={-1}>
        {props.apiKey}
      </output>
      <button
        type="button"
        onClick={async () => {
          await navigator.clipboard.writeText(props.apiKey);
          setCopied(true);
        }}
      >
        Copy key
      </button>
      <span aria-live="polite">{copied ? 'Copied.' : ''}</span>
      <p>
        {/* biome-ignore lint/a11y/useValidAnchor: a link to the list's page, which is the page shown, so a click reads it again */}
        <a href="#/api-keys" onClick={() => props.context.go('#/api-keys')}>
          Show the list again
        </a>
      </p>
    </div>
  );
}

/** The account's name, and the user's API keys: create one for all projects or one project (shown once), revoke. */
export async function apiKeysPage(context: ConsoleContext): Promise<JSX.Element> {
  if (context.scope === 'PROJECT') {
    return (
      <div>
        <h1>API keys</h1>
        <p>A project key cannot manage API keys; sign in with a key for all projects.</p>
      </div>
    );
  }
  const api = context.api;
  return (
    <div>
      <h1>API keys</h1>
      <ApiForm
        title="Your account"
        fields={[
          {
            name: 'name',
            label: 'Your name',
            required: true,
            maxlength: 100,
            value: context.accountName ?? '',
          },
        ]}
        submit="Save name"
        action={async (values) => {
          const account = await ok(api.PUT('/account', { body: { name: values.name ?? '' } }));
          context.accountName = account.name;
          return `Saved: ${account.name}.`;
        }}
      />
      <ApiForm
        title="Create an API key"
        fields={[
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
        ]}
        submit="Create key"
        action={async (values) => {
          const created = await ok(
            api.POST('/account/api-keys', {
              body: {
                ...(values.name ? { name: values.name } : {}),
                project_id: values.scope === 'PROJECT' ? (values.project_id ?? null) : null,
              },
            }),
          );
          return <NewKey apiKey={created.api_key} scope={created.scope} context={context} />;
        }}
      />
      <PagedList
        caption="Your API keys"
        columns={[
          { title: 'Name', cell: (key) => key.name ?? '—' },
          { title: 'Ends with', cell: (key) => <code>{key.key_suffix}</code> },
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
            cell: (key) => (
              <ActionButton
                label="Revoke"
                ariaLabel={`Revoke key ending ${key.key_suffix}`}
                action={async () => {
                  await ok(
                    api.DELETE('/account/api-keys/{key_id}', { params: { path: { key_id: key.key_id } } }),
                  );
                  context.go('#/api-keys');
                }}
              />
            ),
          },
        ]}
        load={(cursor: string | null) =>
          page(
            api.GET('/account/api-keys', {
              params: { query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
            }),
          )
        }
      />
    </div>
  );
}
