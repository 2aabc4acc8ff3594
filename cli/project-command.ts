import { text } from 'node:stream/consumers';
import { bodyOf } from '../functions/client/pds-client.ts';
import type { Project } from './api-shapes.ts';
import type { Command } from './command.ts';
import type { Context } from './context.ts';
import { UsageError } from './usage-error.ts';

const ACTIONS = ['show', 'update'] as const;

/** The project as a user reads it; the proxy by its host only, as the API shows it. */
const describeProject = (project: Project) =>
  [
    `${project.project_id}  ${project.name}${project.is_default ? ' (default)' : ''}`,
    `currency     ${project.localization?.currency ?? 'the shops’ own'}`,
    `crawl proxy  ${project.crawl_proxy_host ?? 'none'}`,
  ].join('\n');

/**
 * The `crawl_proxy` of the update: the URL given (`-` reads it from stdin, so its password stays out
 * of the shell history and the process list), null with --no-crawl-proxy, undefined when neither.
 */
async function crawlProxyOf(context: Context): Promise<string | null | undefined> {
  const given = context.values['crawl-proxy'];
  const remove = context.values['no-crawl-proxy'] === true;
  if (typeof given === 'string' && remove)
    throw new UsageError('Give either --crawl-proxy or --no-crawl-proxy, not both.');
  if (remove) return null;
  if (typeof given !== 'string') return undefined;
  if (given !== '-') return given;
  const read = (await text(process.stdin)).trim();
  if (!read) throw new UsageError('--crawl-proxy - reads the proxy URL from stdin, which was empty.');
  return read;
}

export const projectCommand: Command = {
  name: 'project',
  usage: 'pds project [show] | pds project update [--crawl-proxy <url>|- | --no-crawl-proxy]',
  summary: 'show the project, or update it (its crawl proxy)',
  firstArgument: ACTIONS,
  options: {
    'crawl-proxy': { type: 'string' },
    'no-crawl-proxy': { type: 'boolean' },
  },
  optionHelp: [
    '--crawl-proxy     update: the HTTP(S) proxy every crawl of the project goes through,',
    '                  http://user:password@host:port (- reads it from stdin); kept encrypted,',
    '                  only its host is ever shown',
    '--no-crawl-proxy  update: crawl without a proxy again',
  ],
  run: async (context) => {
    const [action = 'show', ...extra] = context.positionals;
    if (!(ACTIONS as readonly string[]).includes(action) || extra.length > 0)
      throw new UsageError('pds project takes show (the default) or update.');
    const crawlProxy = await crawlProxyOf(context);
    if (action === 'show' && crawlProxy !== undefined)
      throw new UsageError('--crawl-proxy and --no-crawl-proxy go with pds project update.');
    if (action === 'update' && crawlProxy === undefined)
      throw new UsageError('pds project update needs --crawl-proxy <url> or --no-crawl-proxy.');
    const client = await context.client();
    const path = { project_id: await context.projectId() };
    const project = (await bodyOf(
      crawlProxy === undefined
        ? client.GET('/projects/{project_id}', { params: { path } })
        : client.PATCH('/projects/{project_id}', { params: { path }, body: { crawl_proxy: crawlProxy } }),
    )) as Project;
    context.print(describeProject(project), project);
    return 0;
  },
};
