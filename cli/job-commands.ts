import { bodyOf } from '../functions/client/pds-client.ts';
import type { Job, Project } from './api-shapes.ts';
import { approveWithConsent } from './approve-flow.ts';
import type { Command } from './command.ts';
import type { Context } from './context.ts';
import { reportJob } from './job-outcome.ts';
import { findJob, type JobKind, listJobs } from './jobs-api.ts';
import { UsageError } from './usage-error.ts';
import { watchJob } from './watch-job.ts';

const WAIT = { wait: { type: 'boolean' } } as const;
const YES = { yes: { type: 'boolean', short: 'y' } } as const;
const WAIT_HELP = '--wait        show a live progress bar until the job ends; exit 1 if it fails';
const YES_HELP = '--yes, -y     approve the quote without asking';

async function finish(context: Context, kind: JobKind, job: Job): Promise<number> {
  const client = await context.client();
  return reportJob(context, context.values.wait ? await watchJob(client, kind, job.job_id) : job);
}

function positional(context: Context, index: number, name: string): string {
  const value = context.positionals[index];
  if (!value) throw new UsageError(`Missing <${name}>.`);
  return value;
}

export const setupCommand: Command = {
  name: 'setup',
  usage: 'pds setup <url> [--country CC --currency CUR] [--wait]',
  summary: 'analyse a shop and add it to the project as a website',
  options: { ...WAIT, country: { type: 'string' }, currency: { type: 'string' } },
  optionHelp: ["--country, --currency   the shop's market (default: the project's localization)", WAIT_HELP],
  run: async (context) => {
    const url = positional(context, 0, 'url');
    const client = await context.client();
    const projectId = await context.projectId();
    let { country, currency } = context.values as { country?: string; currency?: string };
    if (!country || !currency) {
      const project = (await bodyOf(
        client.GET('/projects/{project_id}', { params: { path: { project_id: projectId } } }),
      )) as Project;
      country ??= project.localization?.country;
      currency ??= project.localization?.currency;
    }
    if (!country || !currency)
      throw new UsageError('The project has no localization: pass --country and --currency.');
    const job = (await bodyOf(
      client.POST('/jobs/setup', { body: { url, country, currency, project_id: projectId } }),
    )) as Job;
    return finish(context, 'setup', job);
  },
};

export const scrapeCommand: Command = {
  name: 'scrape',
  usage: 'pds scrape <website> [--url <product URL>]... [--yes] [--wait]',
  summary: 'scrape every product of a website, or only the URLs given (asks to approve its quote)',
  options: { ...WAIT, ...YES, url: { type: 'string', multiple: true } },
  optionHelp: [
    '--url         only this product URL of the website (repeat it for several): a URL scrape',
    YES_HELP,
    WAIT_HELP,
  ],
  run: async (context) => {
    const websiteId = positional(context, 0, 'website');
    const urls = (context.values.url as string[] | undefined) ?? [];
    const client = await context.client();
    const created = (await bodyOf(
      client.POST('/jobs/scraping', {
        body: {
          project_id: await context.projectId(),
          website_id: websiteId,
          ...(urls.length > 0 ? { urls } : {}),
        },
      }),
    )) as Job;
    const job = await approveWithConsent(client, 'scraping', created, context.values.yes === true);
    return finish(context, 'scraping', job);
  },
};

export const matchCommand: Command = {
  name: 'match',
  usage: 'pds match <reference website> <competitor website>... [--sample] [--yes] [--wait]',
  summary: "find the reference website's products on competitor websites (asks to approve its quote)",
  options: { ...WAIT, ...YES, sample: { type: 'boolean' } },
  optionHelp: [
    "--sample      the project's free sample: the first 100 reference products",
    YES_HELP,
    WAIT_HELP,
  ],
  run: async (context) => {
    const reference = positional(context, 0, 'reference website');
    const competitors = context.positionals.slice(1);
    if (competitors.length === 0) throw new UsageError('Name at least one <competitor website>.');
    const client = await context.client();
    const created = (await bodyOf(
      client.POST('/jobs/matching', {
        body: {
          project_id: await context.projectId(),
          reference_website_id: reference,
          competitor_website_ids: competitors,
          sample: context.values.sample === true,
        },
      }),
    )) as Job;
    const job = await approveWithConsent(client, 'matching', created, context.values.yes === true);
    return finish(context, 'matching', job);
  },
};

export const approveCommand: Command = {
  name: 'approve',
  usage: 'pds approve <job> [--yes] [--wait]',
  summary: "show a scrape or matching job's quote and approve it",
  options: { ...WAIT, ...YES },
  optionHelp: [YES_HELP, WAIT_HELP],
  run: async (context) => {
    const client = await context.client();
    const { kind, job } = await findJob(client, positional(context, 0, 'job'));
    if (kind === 'setup') throw new UsageError(`${job.job_id} is a setup job: it needs no approval.`);
    if (job.status !== 'AWAITING_APPROVAL')
      throw new UsageError(`Job ${job.job_id} is ${job.status}, not waiting for approval.`);
    return finish(context, kind, await approveWithConsent(client, kind, job, context.values.yes === true));
  },
};

export const waitCommand: Command = {
  name: 'wait',
  usage: 'pds wait <job>',
  summary: 'watch a job until it ends (exit 1 if it fails)',
  run: async (context) => {
    const client = await context.client();
    const { kind, job } = await findJob(client, positional(context, 0, 'job'));
    return reportJob(context, await watchJob(client, kind, job.job_id));
  },
};

export const jobsCommand: Command = {
  name: 'jobs',
  usage: 'pds jobs [--limit N]',
  summary: "the project's setup, scrape and matching jobs, newest first",
  options: { limit: { type: 'string' } },
  optionHelp: ['--limit N     jobs of each kind (1 to 100, default 20)'],
  run: async (context) => {
    const client = await context.client();
    const limit = typeof context.values.limit === 'string' ? Number(context.values.limit) : undefined;
    const jobs = await listJobs(client, await context.projectId(), { limit });
    const table = jobs.map((job) =>
      [job.job_id, job.job_type.padEnd(13), job.status.padEnd(17), job.created_at].join('  '),
    );
    context.print(table.join('\n') || 'No jobs.', jobs);
    return 0;
  },
};
