import type { ConsoleContext } from '../context.ts';
import { apiKeysPage } from './api-keys.ts';
import { billingPage } from './billing.ts';
import { changesPage } from './changes.ts';
import { exportsPage } from './exports.ts';
import { jobsPage } from './jobs.ts';
import { matchesPage } from './matches.ts';
import { projectsPage } from './projects.ts';
import { schedulesPage } from './schedules.ts';
import { webhooksPage } from './webhooks.ts';
import { websitesPage } from './websites.ts';

/** Every page by the first segment of the hash. */
export const PAGES = {
  projects: projectsPage,
  websites: websitesPage,
  jobs: jobsPage,
  matches: matchesPage,
  changes: changesPage,
  exports: exportsPage,
  billing: billingPage,
  'api-keys': apiKeysPage,
  webhooks: webhooksPage,
  schedules: schedulesPage,
} satisfies Record<string, (context: ConsoleContext, params: string[]) => Promise<HTMLElement>>;

export type PageName = keyof typeof PAGES;
