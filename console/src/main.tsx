import { type JSX, render, type TargetedSubmitEvent } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { type ApiProblem, apiClient, ok, page } from './api.ts';
import type { ConsoleContext, ConsoleProject, Membership } from './context.ts';
import { focusLost, ProblemView } from './forms.tsx';
import { PAGES, type PageName } from './pages/index.tsx';
import { cleanKey, session } from './session.ts';

/** Sent when `go` names the page already shown, so the shell reads it again. */
const RELOAD_EVENT = 'console:reload';

type Signed =
  | { state: 'starting' }
  | { state: 'out'; problem?: ApiProblem | Error | undefined }
  | { state: 'in'; context: ConsoleContext };

function SignIn(props: {
  problem?: ApiProblem | Error | undefined;
  onSignedIn: (key: string) => Promise<void>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(props.problem ?? null);
  // Before the browser's load event, so a person (or a test) typing at once types into the field.
  useLayoutEffect(() => {
    document.title = 'Sign in · Product-data console';
    input.current?.focus();
  }, []);
  const onSubmit = async (event: TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await props.onSignedIn(cleanKey(input.current?.value ?? ''));
    } catch (error) {
      setProblem(error);
      setBusy(false);
    }
  };
  return (
    <main id="main">
      <form class="sign-in" aria-labelledby="sign-in-title" onSubmit={onSubmit}>
        <h1 id="sign-in-title">Product-data console</h1>
        <p>Sign in with an API key. It is kept in this tab only and forgotten when you sign out.</p>
        <div class="field">
          <label for="api-key">API key</label>
          <input
            ref={input}
            id="api-key"
            name="api_key"
            type="password"
            autocomplete="off"
            spellcheck={false}
            required
          />
        </div>
        <button type="submit" disabled={busy}>
          Sign in
        </button>
        <div aria-live="polite">{problem ? <ProblemView error={problem} /> : null}</div>
      </form>
    </main>
  );
}

/**
 * Reads who the key belongs to; a PROJECT key may not read the account (403 INSUFFICIENT_SCOPE).
 * `onUnauthorized` runs once, when the key stops working (revoked while signed in).
 */
async function startSession(
  key: string,
  onUnauthorized: (problem: ApiProblem) => void,
): Promise<ConsoleContext> {
  let stopped = false;
  const api = apiClient(key, (problem) => {
    if (stopped) return;
    stopped = true;
    onUnauthorized(problem);
  });
  const projects = await listProjects(api);
  const account = await api.GET('/account');
  const scope = account.response.status === 403 ? 'PROJECT' : 'USER';
  const customers =
    scope === 'USER'
      ? ((await ok(api.GET('/customers', { params: { query: { limit: 100 } } }))) as Membership[])
      : [];
  const context: ConsoleContext = {
    api,
    scope,
    accountName: account.data ? (account.data as { name: string }).name : null,
    customers,
    projects,
    project: null,
    go(hash) {
      if (location.hash === hash) window.dispatchEvent(new Event(RELOAD_EVENT));
      else location.hash = hash;
    },
    async refreshProjects() {
      context.projects = await listProjects(api);
      chooseProject(context, session.projectId());
    },
  };
  chooseProject(context, session.projectId());
  return context;
}

async function listProjects(api: ConsoleContext['api']): Promise<ConsoleProject[]> {
  const projects: ConsoleProject[] = [];
  let cursor: string | null = null;
  do {
    const query: { limit: number; cursor?: string } = cursor ? { limit: 100, cursor } : { limit: 100 };
    const next = await page(api.GET('/projects', { params: { query } }));
    projects.push(...(next.items as unknown as ConsoleProject[]));
    cursor = next.next;
  } while (cursor);
  return projects;
}

function chooseProject(context: ConsoleContext, projectId: string | null): void {
  context.project =
    context.projects.find((project) => project.project_id === projectId) ?? context.projects[0] ?? null;
  if (context.project) session.chooseProject(context.project.project_id);
}

const NAV: readonly [PageName, string][] = [
  ['projects', 'Projects'],
  ['websites', 'Websites'],
  ['jobs', 'Jobs'],
  ['matches', 'Matches'],
  ['prices', 'Price comparison'],
  ['changes', 'Changes'],
  ['exports', 'Exports'],
  ['billing', 'Billing'],
  ['api-keys', 'API keys'],
  ['webhooks', 'Webhooks'],
  ['schedules', 'Schedules'],
];

/** The hash names the page (`#/jobs/scraping/job_…`), so pages can be bookmarked and left. */
function parseHash(hash: string): { name: PageName; params: string[] } {
  const [name, ...params] = hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  return { name: (name && name in PAGES ? name : 'projects') as PageName, params };
}

type Shown =
  | { state: 'loading' }
  | { state: 'shown'; content: JSX.Element }
  | { state: 'failed'; error: unknown };

/** One visit of a page: its loader reads what the page needs, then the page is shown. */
function PageView(props: { context: ConsoleContext; hash: string; moveFocus: boolean }) {
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  // Run once: each visit is its own PageView (keyed by the shell)
  useEffect(() => {
    let left = false;
    const { name, params } = parseHash(props.hash);
    PAGES[name](props.context, params).then(
      (content) => {
        if (left) return;
        setShown({ state: 'shown', content });
        // After a link is followed, a screen reader starts at the new page, not at the old link; a
        // page read again keeps the focus unless it stood on what the reading replaced.
        if (props.moveFocus || focusLost()) document.getElementById('main')?.focus();
      },
      (error: unknown) => {
        if (!left) setShown({ state: 'failed', error });
      },
    );
    return () => {
      left = true;
    };
  }, []);
  if (shown.state === 'loading') return <p>Loading…</p>;
  if (shown.state === 'failed') return <ProblemView error={shown.error} />;
  return shown.content;
}

function Shell(props: { context: ConsoleContext; onSignOut: () => void }) {
  const { context } = props;
  const [visit, setVisit] = useState({ hash: location.hash, count: 0, moveFocus: false });
  useEffect(() => {
    const onHash = () =>
      setVisit((last) => ({ hash: location.hash, count: last.count + 1, moveFocus: true }));
    const onReload = () =>
      setVisit((last) => ({ hash: location.hash, count: last.count + 1, moveFocus: false }));
    window.addEventListener('hashchange', onHash);
    window.addEventListener(RELOAD_EVENT, onReload);
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener(RELOAD_EVENT, onReload);
    };
  }, []);
  const { name } = parseHash(visit.hash);
  useEffect(() => {
    document.title = `${NAV.find(([page]) => page === name)?.[1] ?? 'Console'} · Product-data console`;
  });
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header>
        <p class="brand">Product-data console</p>
        <div class="who">
          <span>{context.accountName ? `Signed in as ${context.accountName}` : 'Project key'}</span>
          <label for="project-picker">Project</label>
          <select
            id="project-picker"
            onChange={(event) => {
              chooseProject(context, event.currentTarget.value);
              window.dispatchEvent(new Event(RELOAD_EVENT));
            }}
          >
            {context.projects.map((project) => (
              <option
                value={project.project_id}
                selected={project.project_id === context.project?.project_id}
              >
                {project.name}
              </option>
            ))}
          </select>
          <button type="button" class="sign-out" onClick={props.onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <nav aria-label="Console">
        <ul>
          {NAV.map(([page, label]) => (
            <li>
              <a href={`#/${page}`} aria-current={page === name ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabindex={-1}>
        <PageView key={visit.count} context={context} hash={visit.hash} moveFocus={visit.moveFocus} />
      </main>
    </>
  );
}

function App() {
  const [signed, setSigned] = useState<Signed>(() =>
    session.key() ? { state: 'starting' } : { state: 'out' },
  );
  const signOut = (problem?: ApiProblem | Error) => {
    session.signOut();
    setSigned({ state: 'out', problem });
  };
  const signIn = async (key: string) => {
    const context = await startSession(key, signOut);
    session.signIn(key);
    setSigned({ state: 'in', context });
  };
  // Run once: a key kept in the tab is tried once, when the console opens
  useEffect(() => {
    const key = session.key();
    if (key) signIn(key).catch((error: Error) => signOut(error));
  }, []);
  if (signed.state === 'starting') return <p>Loading the console…</p>;
  if (signed.state === 'out')
    return <SignIn key={String(signed.problem)} problem={signed.problem} onSignedIn={signIn} />;
  return (
    <Shell
      context={signed.context}
      onSignOut={() => {
        history.replaceState(null, '', location.pathname);
        signOut();
      }}
    />
  );
}

const root = document.getElementById('app') as HTMLElement;
// The page's static "Loading the console…" goes; Preact owns the element from here.
root.replaceChildren();
render(<App />, root);
