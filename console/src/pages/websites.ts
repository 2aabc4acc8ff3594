import { ok, page } from '../api.ts';
import { type ConsoleContext, may } from '../context.ts';
import { type Child, fill, h, progressBar, table, when } from '../dom.ts';
import { actionButton, apiForm, problemView } from '../forms.ts';
import { pagedList } from '../paged-list.ts';
import { projectOrNotice } from './no-project.ts';

const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

interface SetupJob {
  job_id: string;
  status: string;
  url: string;
  website_id?: string | null;
  error?: string | null;
  analysis_progress?: { products_estimate?: number; product_type?: string; language?: string } | null;
  train_progress?: { percent?: number; phase?: string; pages?: number; pages_limit?: number } | null;
  created_at: string;
}

/** Websites of the project, setting up another one, and the setup jobs with live progress. */
export async function websitesPage(context: ConsoleContext, params: string[]): Promise<HTMLElement> {
  const project = projectOrNotice(context, 'Websites');
  if (project instanceof HTMLElement) return project;
  if (params[0]) return websitePage(context, params[0]);
  const api = context.api;
  const jobs = h('section', { 'aria-label': 'Setup jobs' });
  context.every(2000, async () => {
    try {
      const listed = (await ok(
        api.GET('/jobs/setup', { params: { query: { project_id: project.project_id, limit: 20 } } }),
      )) as unknown as SetupJob[];
      fill(jobs, setupJobsTable(listed));
      return listed.every((job) => FINAL.has(job.status));
    } catch (error) {
      fill(jobs, problemView(error));
      return false;
    }
  });
  return h(
    'div',
    {},
    h('h1', {}, 'Websites'),
    pagedList(
      'Websites of the project',
      [
        { title: 'Shop', cell: (site) => h('a', { href: `#/websites/${site.website_id}` }, site.domain) },
        { title: 'Products (estimate)', cell: (site) => String(site.products_estimate) },
        { title: 'Difficulty', cell: (site) => site.difficulty },
        { title: 'Language', cell: (site) => site.language ?? '—' },
        { title: 'Added', cell: (site) => when(site.created_at) },
      ],
      async (cursor: string | null) =>
        page(
          api.GET('/websites', {
            params: { query: { project_id: project.project_id, limit: 20, ...(cursor ? { cursor } : {}) } },
          }),
        ),
    ),
    may(context, 'OPERATE_JOBS')
      ? apiForm(
          'Set up a website',
          [
            {
              name: 'url',
              label: 'Shop URL',
              type: 'url',
              required: true,
              placeholder: 'https://shop.example/',
            },
            {
              name: 'country',
              label: 'Country (ISO code)',
              required: true,
              value: project.localization?.country,
            },
            {
              name: 'currency',
              label: 'Currency (ISO code)',
              required: true,
              value: project.localization?.currency,
            },
          ],
          'Start setup',
          async (values) => {
            const job = await ok(
              api.POST('/jobs/setup', {
                body: {
                  project_id: project.project_id,
                  url: (values.url ?? '').trim(),
                  country: (values.country ?? '').trim().toUpperCase(),
                  currency: (values.currency ?? '').trim().toUpperCase(),
                },
              }),
            );
            context.go(`#/jobs/setup/${job.job_id}`);
            return undefined;
          },
        )
      : null,
    h('h2', {}, 'Setup jobs'),
    jobs,
  );
}

function setupJobsTable(jobs: SetupJob[]): HTMLElement {
  return table<SetupJob>(
    'Setup jobs of the project',
    [
      { title: 'Shop', cell: (job) => h('a', { href: `#/jobs/setup/${job.job_id}` }, job.url) },
      { title: 'Status', cell: (job) => job.status },
      {
        title: 'Progress',
        cell: (job) =>
          FINAL.has(job.status) ? '—' : progressBar(`Training ${job.url}`, job.train_progress?.percent),
      },
      { title: 'Started', cell: (job) => when(job.created_at) },
    ],
    jobs,
  );
}

interface Product {
  url: string;
  name: string | null;
  brand: string | null;
  gtin: string | null;
  sku: string | null;
  price: string | null;
  currency: string | null;
  availability: string;
}

/** One website: what setup learned, the sample of products read, a scrape of it. */
async function websitePage(context: ConsoleContext, websiteId: string): Promise<HTMLElement> {
  const api = context.api;
  const website = await ok(
    api.GET('/websites/{website_id}', { params: { path: { website_id: websiteId } } }),
  );
  const sample = await ok(
    api.GET('/websites/{website_id}/sample', { params: { path: { website_id: websiteId } } }),
  );
  const products = sample.products as unknown as Product[];
  return h(
    'div',
    {},
    h('h1', {}, website.domain),
    h(
      'dl',
      { class: 'facts' },
      fact('Shop', h('a', { href: website.url, rel: 'noreferrer', target: '_blank' }, website.url)),
      fact('Products (estimate)', String(website.products_estimate)),
      fact('Difficulty', website.difficulty),
      fact('Full scrape quote', `${website.estimate?.total ?? '—'} ${website.estimate?.currency ?? ''}`),
    ),
    may(context, 'OPERATE_JOBS')
      ? actionButton('Quote a full scrape', async () => {
          const job = await ok(
            api.POST('/jobs/scraping', {
              body: { project_id: website.project_id, website_id: website.website_id },
            }),
          );
          context.go(`#/jobs/scraping/${job.job_id}`);
        })
      : null,
    h('h2', {}, 'Sample'),
    table<Product>(
      'Products read while training',
      [
        {
          title: 'Name',
          cell: (product) =>
            h('a', { href: product.url, rel: 'noreferrer', target: '_blank' }, product.name ?? product.url),
        },
        { title: 'Brand', cell: (product) => product.brand ?? '—' },
        { title: 'GTIN', cell: (product) => product.gtin ?? '—' },
        { title: 'SKU', cell: (product) => product.sku ?? '—' },
        {
          title: 'Price',
          cell: (product) => (product.price ? `${product.price} ${product.currency ?? ''}` : '—'),
        },
        { title: 'Availability', cell: (product) => product.availability },
        {
          title: 'History',
          cell: (product) =>
            h(
              'a',
              { href: `#/changes/history/${website.website_id}/${encodeURIComponent(product.url)}` },
              h('span', { class: 'visually-hidden' }, `Price history of ${product.name ?? product.url}`),
              h('span', { 'aria-hidden': 'true' }, 'Price history'),
            ),
        },
      ],
      products,
    ),
  );
}

export function fact(term: string, value: Child): HTMLElement[] {
  return [h('dt', {}, term), h('dd', {}, value)];
}
