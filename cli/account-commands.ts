import { bodyOf, everyItem, pdsClient } from '../functions/client/pds-client.ts';
import type { Project, Website } from './api-shapes.ts';
import type { Command } from './command.ts';
import { configPath, writeConfig } from './config.ts';
import { UsageError } from './usage-error.ts';

const CUSTOMER_HELP =
  '--customer    the customer (default: your only one, else the first you own or administer)';

export const loginCommand: Command = {
  name: 'login',
  usage: 'pds login --url <base URL> --key <API key> [--project <id>]',
  summary: `check the key against the API and store both in ${configPath()} (mode 0600)`,
  options: { url: { type: 'string' }, key: { type: 'string' } },
  optionHelp: [
    '--url         the base URL, e.g. http://127.0.0.1:3000/v1 (npm start prints it)',
    '--key         the API key (pds_…)',
    '--project     with login: the project later commands use by default',
  ],
  run: async (context) => {
    const { url, key, project } = context.values as { url?: string; key?: string; project?: string };
    if (!url || !key) throw new UsageError('pds login needs --url and --key.');
    const client = pdsClient({ baseUrl: url, apiKey: key });
    const projects = (await everyItem((cursor) =>
      client.GET('/projects', { params: { query: { limit: 100, cursor } } }),
    )) as Project[];
    const path = await writeConfig({
      base_url: url,
      api_key: key,
      ...(project ? { project_id: project } : {}),
    });
    context.print(`Logged in to ${url} (${projects.length} project(s) visible). Saved to ${path}.`, {
      base_url: url,
      config: path,
      projects: projects.length,
    });
    return 0;
  },
};

export const projectsCommand: Command = {
  name: 'projects',
  usage: 'pds projects',
  summary: 'the projects the key can see',
  run: async (context) => {
    const client = await context.client();
    const projects = (await everyItem((cursor) =>
      client.GET('/projects', { params: { query: { limit: 100, cursor } } }),
    )) as Project[];
    const table = projects.map((project) =>
      [
        project.project_id,
        (project.localization?.currency ?? '').padEnd(3),
        `${project.name}${project.is_default ? ' (default)' : ''}`,
      ].join('  '),
    );
    context.print(table.join('\n') || 'No projects.', projects);
    return 0;
  },
};

export const websitesCommand: Command = {
  name: 'websites',
  usage: 'pds websites',
  summary: 'the websites of the project',
  run: async (context) => {
    const client = await context.client();
    const projectId = await context.projectId();
    const websites = (await everyItem((cursor) =>
      client.GET('/websites', { params: { query: { project_id: projectId, limit: 100, cursor } } }),
    )) as Website[];
    const table = websites.map((website) => `${website.website_id}  ${website.url ?? website.domain ?? ''}`);
    context.print(table.join('\n') || 'No websites yet: add one with pds setup <url>.', websites);
    return 0;
  },
};

export const balanceCommand: Command = {
  name: 'balance',
  usage: 'pds balance [--customer <id>]',
  summary: 'the prepaid credit: balance, held by running jobs, spendable',
  options: { customer: { type: 'string' } },
  optionHelp: [CUSTOMER_HELP],
  run: async (context) => {
    const client = await context.client();
    const customerId = await context.customerId();
    const balance = (await bodyOf(
      client.GET('/customers/{customer_id}/billing/balance', {
        params: { path: { customer_id: customerId } },
      }),
    )) as { currency: string; balance: string; held: string; spendable: string };
    context.print(
      `Balance ${balance.currency} ${balance.balance}, held ${balance.held}, spendable ${balance.spendable}`,
      balance,
    );
    return 0;
  },
};

export const topupCommand: Command = {
  name: 'topup',
  usage: 'pds topup <amount> [--customer <id>]',
  summary: 'start a top-up of the credit (EUR); prints the checkout page to pay on',
  options: { customer: { type: 'string' } },
  optionHelp: [CUSTOMER_HELP],
  run: async (context) => {
    const amount = context.positionals[0];
    if (!amount) throw new UsageError('Missing <amount>, e.g. pds topup 25.00');
    const client = await context.client();
    const customerId = await context.customerId();
    const topup = (await bodyOf(
      client.POST('/customers/{customer_id}/billing/topup', {
        params: { path: { customer_id: customerId } },
        body: { amount },
      }),
    )) as { checkout_url: string; session_id: string };
    context.print(`Pay on: ${topup.checkout_url}\nSession: ${topup.session_id}`, topup);
    return 0;
  },
};
