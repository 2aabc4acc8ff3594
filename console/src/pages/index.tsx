import type { JSX } from 'preact';
import type { ConsoleContext } from '../context.ts';
import { apiKeysPage } from './api-keys.tsx';
import { billingPage } from './billing.tsx';
import { changesPage } from './changes.tsx';
import { exportsPage } from './exports.tsx';
import { jobsPage } from './jobs.tsx';
import { matchesPage } from './matches.tsx';
import { pricesPage } from './prices.tsx';
import { projectsPage } from './projects.tsx';
import { schedulesPage } from './schedules.tsx';
import { webhooksPage } from './webhooks.tsx';
import { websitesPage } from './websites.tsx';

/**
 * Every page by the first segment of the hash: a loader that reads what the page needs before it
 * is shown, answering the page's components (which poll and page on their own).
 */
export const PAGES = {
  projects: projectsPage,
  websites: websitesPage,
  jobs: jobsPage,
  matches: matchesPage,
  prices: pricesPage,
  changes: changesPage,
  exports: exportsPage,
  billing: billingPage,
  'api-keys': apiKeysPage,
  webhooks: webhooksPage,
  schedules: schedulesPage,
} satisfies Record<string, (context: ConsoleContext, params: string[]) => Promise<JSX.Element>>;

export type PageName = keyof typeof PAGES;
