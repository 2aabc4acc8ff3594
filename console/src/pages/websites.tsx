import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { ok, page } from '../api.ts';
import { type ConsoleContext, type ConsoleProject, may } from '../context.ts';
import { ActionButton, ApiForm } from '../forms.tsx';
import { PAGE_SIZE, PagedList } from '../paged-list.tsx';
import { PollTrouble, usePoll } from '../poll.tsx';
import { ExternalLink, Fact, ProgressBar, Table, when } from '../ui.tsx';
import { isNotice, projectOrNotice } from './no-project.tsx';

const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);
const POLL_MS = 2000;

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

/** The project's setup jobs, read again every two seconds while one of them is still running. */
function SetupJobs(props: { context: ConsoleContext; project: ConsoleProject }) {
  const [jobs, setJobs] = useState<SetupJob[] | null>(null);
  const trouble = usePoll(POLL_MS, async () => {
    const listed = (await ok(
      props.context.api.GET('/jobs/setup', {
        params: { query: { project_id: props.project.project_id, limit: 20 } },
      }),
    )) as unknown as SetupJob[];
    setJobs(listed);
    return listed.every((job) => FINAL.has(job.status));
  });
  return (
    <section aria-label="Setup jobs">
      <PollTrouble trouble={trouble} ms={POLL_MS} />
      {jobs ? (
        <Table<SetupJob>
          caption="Setup jobs of the project"
          columns={[
            { title: 'Shop', cell: (job) => <a href={`#/jobs/setup/${job.job_id}`}>{job.url}</a> },
            { title: 'Status', cell: (job) => job.status },
            {
              title: 'Progress',
              cell: (job) =>
                FINAL.has(job.status) ? (
                  '—'
                ) : (
                  <ProgressBar label={`Training ${job.url}`} percent={job.train_progress?.percent} />
                ),
            },
            { title: 'Started', cell: (job) => when(job.created_at) },
          ]}
          items={jobs}
        />
      ) : null}
    </section>
  );
}

/** Websites of the project, setting up another one, and the setup jobs with live progress. */
export async function websitesPage(context: ConsoleContext, params: string[]): Promise<JSX.Element> {
  const project = projectOrNotice(context, 'Websites');
  if (isNotice(project)) return project;
  if (params[0]) return websitePage(context, params[0]);
  const api = context.api;
  return (
    <div>
      <h1>Websites</h1>
      <PagedList
        caption="Websites of the project"
        columns={[
          { title: 'Shop', cell: (site) => <a href={`#/websites/${site.website_id}`}>{site.domain}</a> },
          { title: 'Products (estimate)', cell: (site) => String(site.products_estimate) },
          { title: 'Difficulty', cell: (site) => site.difficulty },
          { title: 'Language', cell: (site) => site.language ?? '—' },
          { title: 'Added', cell: (site) => when(site.created_at) },
        ]}
        load={(cursor: string | null) =>
          page(
            api.GET('/websites', {
              params: {
                query: { project_id: project.project_id, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
              },
            }),
          )
        }
      />
      {may(context, 'OPERATE_JOBS') ? (
        <ApiForm
          title="Set up a website"
          fields={[
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
          ]}
          submit="Start setup"
          action={async (values) => {
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
          }}
        />
      ) : null}
      <h2>Setup jobs</h2>
      <SetupJobs context={context} project={project} />
    </div>
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
async function websitePage(context: ConsoleContext, websiteId: string): Promise<JSX.Element> {
  const api = context.api;
  const path = { params: { path: { website_id: websiteId } } };
  const [website, sample] = await Promise.all([
    ok(api.GET('/websites/{website_id}', path)),
    ok(api.GET('/websites/{website_id}/sample', path)),
  ]);
  const products = sample.products as unknown as Product[];
  return (
    <div>
      <h1>{website.domain}</h1>
      <dl class="facts">
        <Fact term="Shop">
          <ExternalLink url={website.url} />
        </Fact>
        <Fact term="Products (estimate)">{String(website.products_estimate)}</Fact>
        <Fact term="Difficulty">{website.difficulty}</Fact>
        <Fact term="Full scrape quote">{`${website.estimate?.total ?? '—'} ${website.estimate?.currency ?? ''}`}</Fact>
      </dl>
      {may(context, 'OPERATE_JOBS') ? (
        <ActionButton
          label="Quote a full scrape"
          action={async () => {
            const job = await ok(
              api.POST('/jobs/scraping', {
                body: { project_id: website.project_id, website_id: website.website_id },
              }),
            );
            context.go(`#/jobs/scraping/${job.job_id}`);
          }}
        />
      ) : null}
      {may(context, 'REMOVE_WEBSITE') ? (
        <ActionButton
          label="Remove website"
          action={async () => {
            if (
              !confirm(
                `Remove ${website.domain} from the project? Its catalogs go with it and its schedules stop.`,
              )
            )
              return;
            await ok(
              api.DELETE('/websites/{website_id}', { params: { path: { website_id: website.website_id } } }),
            );
            context.go('#/websites');
          }}
        />
      ) : null}
      <h2>Sample</h2>
      <Table<Product>
        caption="Products read while training"
        columns={[
          {
            title: 'Name',
            cell: (product) => <ExternalLink url={product.url} text={product.name ?? product.url} />,
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
            cell: (product) => (
              <a
                href={`#/changes/history/${website.website_id}/${encodeURIComponent(product.url)}`}
                aria-label={`Price history of ${product.name ?? product.url}`}
              >
                Price history
              </a>
            ),
          },
        ]}
        items={products}
      />
    </div>
  );
}
