import { type ApiProblem, apiClient, ok, page } from './api.ts';
import type { ConsoleContext, ConsoleProject, Membership } from './context.ts';
import { fill, h } from './dom.ts';
import { problemView } from './forms.ts';
import { PAGES, type PageName } from './pages/index.ts';
import { cleanKey, session } from './session.ts';

const root = document.getElementById('app') as HTMLElement;
/** Bumped on every page change, so the polls of a page left stop. */
let generation = 0;
/** The signed-in session, null on the sign-in page. */
let current: ConsoleContext | null = null;

function signInPage(problem?: ApiProblem | Error): void {
  generation += 1;
  current = null;
  document.title = 'Sign in · Product-data console';
  const input = h('input', {
    id: 'api-key',
    name: 'api_key',
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
    required: true,
  });
  const status = h('div', { 'aria-live': 'polite' }, problem ? problemView(problem) : null);
  const button = h('button', { type: 'submit' }, 'Sign in');
  const form = h(
    'form',
    { class: 'sign-in', 'aria-labelledby': 'sign-in-title' },
    h('h1', { id: 'sign-in-title' }, 'Product-data console'),
    h('p', {}, 'Sign in with an API key. It is kept in this tab only and forgotten when you sign out.'),
    h('div', { class: 'field' }, h('label', { for: 'api-key' }, 'API key'), input),
    button,
    status,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const key = cleanKey(input.value);
    button.disabled = true;
    fill(status);
    try {
      const context = await startSession(key);
      session.signIn(key);
      shell(context);
    } catch (error) {
      fill(status, problemView(error));
    } finally {
      button.disabled = false;
    }
  });
  fill(root, h('main', { id: 'main' }, form));
  input.focus();
}

/** Reads who the key belongs to; a PROJECT key may not read the account (403 INSUFFICIENT_SCOPE). */
async function startSession(key: string): Promise<ConsoleContext> {
  let stopped = false;
  const api = apiClient(key, (problem) => {
    if (stopped) return;
    stopped = true;
    session.signOut();
    signInPage(problem);
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
    every(ms, task) {
      const mine = generation;
      const run = async () => {
        if (mine !== generation || stopped) return;
        const done = await task().catch(() => false);
        if (!done && mine === generation) setTimeout(run, ms);
      };
      void run();
    },
    go(hash) {
      if (location.hash === hash) route(context);
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
  ['changes', 'Changes'],
  ['exports', 'Exports'],
  ['billing', 'Billing'],
  ['api-keys', 'API keys'],
  ['webhooks', 'Webhooks'],
  ['schedules', 'Schedules'],
];

function shell(context: ConsoleContext): void {
  current = context;
  const projectPicker = h('select', {
    id: 'project-picker',
    onchange: (event: Event) => {
      chooseProject(context, (event.target as HTMLSelectElement).value);
      route(context);
    },
  });
  const signOut = h('button', { type: 'button', class: 'sign-out' }, 'Sign out');
  signOut.addEventListener('click', () => {
    session.signOut();
    history.replaceState(null, '', location.pathname);
    signInPage();
  });
  fill(
    root,
    h('a', { class: 'skip', href: '#main' }, 'Skip to content'),
    h(
      'header',
      {},
      h('p', { class: 'brand' }, 'Product-data console'),
      h(
        'div',
        { class: 'who' },
        context.accountName
          ? h('span', {}, `Signed in as ${context.accountName}`)
          : h('span', {}, 'Project key'),
        h('label', { for: 'project-picker' }, 'Project'),
        projectPicker,
        signOut,
      ),
    ),
    h(
      'nav',
      { 'aria-label': 'Console' },
      h(
        'ul',
        {},
        NAV.map(([name, label]) => h('li', {}, h('a', { href: `#/${name}`, 'data-page': name }, label))),
      ),
    ),
    h('main', { id: 'main', tabindex: '-1' }),
  );
  route(context);
}

/** The hash names the page (`#/jobs/scraping/job_…`), so pages can be bookmarked and left. */
function route(context: ConsoleContext): void {
  generation += 1;
  const [name, ...params] = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  const pageName = (name && name in PAGES ? name : 'projects') as PageName;
  for (const link of root.querySelectorAll('nav a')) {
    if (link.getAttribute('data-page') === pageName) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  const picker = root.querySelector('#project-picker');
  if (picker) {
    fill(
      picker,
      context.projects.map((project) =>
        h(
          'option',
          { value: project.project_id, selected: project.project_id === context.project?.project_id },
          project.name,
        ),
      ),
    );
  }
  const main = root.querySelector('main') as HTMLElement;
  fill(main, h('p', {}, 'Loading…'));
  const mine = generation;
  PAGES[pageName](context, params)
    .then((content) => {
      if (mine === generation) fill(main, content);
    })
    .catch((error: unknown) => {
      if (mine === generation) fill(main, problemView(error));
    });
}

async function start(): Promise<void> {
  const key = session.key();
  if (!key) return signInPage();
  try {
    shell(await startSession(key));
  } catch (error) {
    session.signOut();
    signInPage(error as Error);
  }
}

window.addEventListener('hashchange', () => {
  if (current && session.key()) route(current);
});

void start();
