import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { components } from '../../../functions/client/api-types.ts';
import { ok, page } from '../api.ts';
import { type ConsoleContext, may } from '../context.ts';
import { ActionButton, ApiForm } from '../forms.tsx';
import { PAGE_SIZE, PagedList } from '../paged-list.tsx';
import { PollTrouble, usePoll } from '../poll.tsx';
import { projectWebsites } from '../project-websites.ts';
import { type Column, Fact, ProgressBar, Table, when } from '../ui.tsx';
import { isNotice, projectOrNotice } from './no-project.tsx';

const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);
/** States a user may still cancel from (the spec's cancel row): not approved, settling or finished. */
const CANCELLABLE = new Set(['CREATED', 'ANALYZING', 'ESTIMATE_READY', 'TRAINING', 'AWAITING_APPROVAL']);
const LANES = ['setup', 'scraping', 'matching'] as const;
type Lane = (typeof LANES)[number];
const POLL_MS = 2000;

/** A quote as the OpenAPI document names it. */
type Estimate = components['schemas']['Estimate'];

/** The fields the console reads from any job; each lane adds its own progress. */
interface Job {
  job_id: string;
  job_type: string;
  status: string;
  project_id: string;
  website_id: string | null;
  estimate: Estimate | null;
  approval: { approved_by: string; approved_at: string } | null;
  settlement: { quantity: number; amount: string; currency: string; capped: boolean } | null;
  error: string | null;
  error_code: string | null;
  contact_reason: string | null;
  contact_request_id: string | null;
  created_at: string;
  finished_at: string | null;
  url?: string;
  variant?: string;
  analysis_progress?: Record<string, { state: string } | number | string | boolean> | null;
  train_progress?: { percent: number; phase: string; pages: number; pages_limit: number } | null;
  scrape_progress?: { percent: number; phase: string; pages: number; pages_estimate: number } | null;
  matching_progress?: {
    percent: number;
    phase: string;
    products_processed: number;
    products_total: number;
  } | null;
  url_results?: Record<string, number> | null;
  overlap?: { website_id: string; match_website_id: string; products: number }[] | null;
}

type JobPage = { items: Job[]; next: string | null };

/** Jobs of the project by lane, starting a matching job, and one job with live progress. */
export async function jobsPage(context: ConsoleContext, params: string[]): Promise<JSX.Element> {
  const project = projectOrNotice(context, 'Jobs');
  if (isNotice(project)) return project;
  const [lane, jobId] = params;
  if (lane && jobId && (LANES as readonly string[]).includes(lane)) {
    const first = await readJob(context, lane as Lane, jobId);
    return <JobLive key={jobId} context={context} lane={lane as Lane} first={first} />;
  }
  const api = context.api;
  const query = (cursor: string | null) => ({
    project_id: project.project_id,
    limit: PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  });
  const websites = await projectWebsites(api, project.project_id);
  const columns = (lane: Lane): Column<Job>[] => [
    { title: 'Job', cell: (job) => <a href={`#/jobs/${lane}/${job.job_id}`}>{job.job_id}</a> },
    { title: 'Type', cell: (job) => job.job_type },
    { title: 'Status', cell: (job) => job.status },
    {
      title: 'Quote',
      cell: (job) => (job.estimate ? `${job.estimate.total} ${job.estimate.currency}` : '—'),
    },
    { title: 'Created', cell: (job) => when(job.created_at) },
  ];
  const siteOptions = websites.map((site) => ({ value: site.website_id, label: site.domain }));
  return (
    <div>
      <h1>Jobs</h1>
      <PagedList<Job>
        caption="Scrape jobs"
        columns={columns('scraping')}
        load={(cursor: string | null) =>
          page(api.GET('/jobs/scraping', { params: { query: query(cursor) } })) as Promise<JobPage>
        }
      />
      <PagedList<Job>
        caption="Matching jobs"
        columns={columns('matching')}
        load={(cursor: string | null) =>
          page(api.GET('/jobs/matching', { params: { query: query(cursor) } })) as Promise<JobPage>
        }
      />
      {may(context, 'OPERATE_JOBS') && websites.length >= 2 ? (
        <ApiForm
          title="Match products between websites"
          fields={[
            {
              name: 'reference_website_id',
              label: 'Reference website',
              type: 'select',
              options: siteOptions,
            },
            {
              name: 'competitor_website_ids',
              label: 'Competitor website',
              type: 'select',
              value: websites[1]?.website_id,
              options: siteOptions,
            },
          ]}
          submit="Quote matching"
          action={async (values) => {
            const job = await ok(
              api.POST('/jobs/matching', {
                body: {
                  project_id: project.project_id,
                  reference_website_id: values.reference_website_id ?? '',
                  competitor_website_ids: [values.competitor_website_ids ?? ''],
                },
              }),
            );
            context.go(`#/jobs/matching/${(job as { job_id: string }).job_id}`);
            return undefined;
          }}
        />
      ) : null}
      <PagedList<Job>
        caption="Setup jobs"
        columns={columns('setup')}
        load={(cursor: string | null) =>
          page(api.GET('/jobs/setup', { params: { query: query(cursor) } })) as Promise<JobPage>
        }
      />
    </div>
  );
}

async function readJob(context: ConsoleContext, lane: Lane, jobId: string): Promise<Job> {
  const path = { params: { path: { job_id: jobId } } };
  const api = context.api;
  const job =
    lane === 'setup'
      ? await ok(api.GET('/jobs/setup/{job_id}', path))
      : lane === 'scraping'
        ? await ok(api.GET('/jobs/scraping/{job_id}', path))
        : await ok(api.GET('/jobs/matching/{job_id}', path));
  return job as unknown as Job;
}

/**
 * One job, read again every two seconds until it ends; the page can be left and found again. While
 * the service cannot be reached the page says so and keeps trying, and shows the job when it is back.
 */
function JobLive(props: { context: ConsoleContext; lane: Lane; first: Job }) {
  const { context, lane } = props;
  const [job, setJob] = useState(props.first);
  const trouble = usePoll(POLL_MS, async () => {
    if (FINAL.has(job.status)) return true;
    const read = await readJob(context, lane, job.job_id);
    setJob(read);
    return FINAL.has(read.status);
  });
  const refresh = async () => setJob(await readJob(context, lane, job.job_id));
  const api = context.api;
  const operate = may(context, 'OPERATE_JOBS');
  const approvable = lane !== 'setup' && job.status === 'AWAITING_APPROVAL';
  const path = { params: { path: { job_id: job.job_id } } };
  return (
    <div>
      <h1>{`Job ${job.job_id}`}</h1>
      <p class="visually-hidden" aria-live="polite">{`Status: ${job.status}`}</p>
      <PollTrouble trouble={trouble} ms={POLL_MS} />
      <div class="job">
        <dl class="facts">
          <Fact term="Type">{job.job_type}</Fact>
          <Fact term="Status">
            <strong class={`status status-${job.status.toLowerCase()}`}>{job.status}</strong>
          </Fact>
          {job.url ? <Fact term="Shop">{job.url}</Fact> : null}
          {job.variant ? <Fact term="Variant">{job.variant}</Fact> : null}
          <Fact term="Created">{when(job.created_at)}</Fact>
          <Fact term="Finished">{when(job.finished_at)}</Fact>
          {job.website_id ? (
            <Fact term="Website">
              <a href={`#/websites/${job.website_id}`}>{job.website_id}</a>
            </Fact>
          ) : null}
          {job.approval ? (
            <Fact term="Approved">{`${when(job.approval.approved_at)} by ${job.approval.approved_by}`}</Fact>
          ) : null}
        </dl>
        <Progress job={job} />
        {job.estimate ? <Quote estimate={job.estimate} /> : null}
        {job.settlement ? (
          <p class="settlement">
            {`Charged ${job.settlement.amount} ${job.settlement.currency} for ${job.settlement.quantity} products`}
            {job.settlement.capped ? ' (capped)' : ''}
          </p>
        ) : null}
        {job.url_results ? (
          <Table<[string, number]>
            caption="Results by URL"
            columns={[
              { title: 'Result', cell: (entry) => entry[0] },
              { title: 'URLs', cell: (entry) => String(entry[1]) },
            ]}
            items={Object.entries(job.url_results)}
          />
        ) : null}
        {job.overlap ? (
          <Table<NonNullable<Job['overlap']>[number]>
            caption="Overlap"
            columns={[
              { title: 'Website', cell: (row) => row.website_id },
              { title: 'Matched website', cell: (row) => row.match_website_id },
              { title: 'Products', cell: (row) => String(row.products) },
            ]}
            items={job.overlap}
          />
        ) : null}
        {job.error ? (
          <div class="problem" role="alert">
            <p>{job.error}</p>
          </div>
        ) : null}
        {job.status === 'FAILED' && job.contact_reason && operate && !job.contact_request_id ? (
          <ActionButton
            label="Contact support about this job"
            action={async () => {
              await ok(
                api.POST('/contact-requests', {
                  body: { reason: 'SUPPORT', job_id: job.job_id, contact_reason: job.contact_reason },
                }),
              );
              await refresh();
            }}
          />
        ) : null}
        {job.contact_request_id ? <p>{`Support was asked (${job.contact_request_id}).`}</p> : null}
        <div class="actions">
          {operate && approvable ? (
            <ActionButton
              label="Approve"
              action={async () => {
                if (lane === 'scraping') await ok(api.POST('/jobs/scraping/{job_id}/approve', path));
                else await ok(api.POST('/jobs/matching/{job_id}/approve', path));
                await refresh();
              }}
            />
          ) : null}
          {operate && CANCELLABLE.has(job.status) ? (
            <ActionButton
              label="Cancel job"
              action={async () => {
                await ok(api.POST('/jobs/{job_id}/cancel', path));
                await refresh();
              }}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}

function Progress(props: { job: Job }) {
  const { job } = props;
  if (FINAL.has(job.status)) return null;
  if (job.train_progress)
    return (
      <ProgressBar label={`Training (${job.train_progress.phase})`} percent={job.train_progress.percent} />
    );
  if (job.analysis_progress) return <Analysis progress={job.analysis_progress} />;
  if (job.scrape_progress)
    return (
      <ProgressBar label={`Scraping (${job.scrape_progress.phase})`} percent={job.scrape_progress.percent} />
    );
  if (job.matching_progress)
    return (
      <ProgressBar
        label={`Matching (${job.matching_progress.phase})`}
        percent={job.matching_progress.percent}
      />
    );
  return null;
}

const ANALYSIS_STEPS = {
  config: 'robots.txt',
  homepage: 'Homepage',
  sitemap: 'Sitemaps',
  size: 'Size',
} as const;

/** The analysis as its four steps, each with its state, and what it has found so far. */
function Analysis(props: { progress: NonNullable<Job['analysis_progress']> }) {
  const { progress } = props;
  const stateOf = (step: string) => (progress[step] as { state?: string } | undefined)?.state ?? 'PENDING';
  const done = Object.keys(ANALYSIS_STEPS).filter((step) => stateOf(step) === 'DONE').length;
  return (
    <section aria-label="Analysis">
      <ProgressBar label="Analysis" percent={(done / Object.keys(ANALYSIS_STEPS).length) * 100} />
      <ul>
        {Object.entries(ANALYSIS_STEPS).map(([step, label]) => (
          <li>{`${label}: ${stateOf(step)}`}</li>
        ))}
      </ul>
      {typeof progress.products_estimate === 'number' && progress.products_estimate > 0 ? (
        <p>
          {`About ${progress.products_estimate} products`}
          {progress.language ? ` · ${progress.language}` : ''}
        </p>
      ) : null}
    </section>
  );
}

function Quote(props: { estimate: Estimate }) {
  const { estimate } = props;
  return (
    <section class="quote" aria-label="Quote">
      <h2>Quote</h2>
      <dl class="facts">
        <Fact term="Products">{String(estimate.quantity)}</Fact>
        <Fact term="Difficulty">{estimate.difficulty}</Fact>
        <Fact term="Price per 1000">{`${estimate.unit_price_per_1000} ${estimate.currency}`}</Fact>
        <Fact term="Total">{`${estimate.total} ${estimate.currency}`}</Fact>
        <Fact term="At most (held on approval)">{`${estimate.cap} ${estimate.currency}`}</Fact>
        <Fact term="Minimum charge">{`${estimate.min_charge} ${estimate.currency}`}</Fact>
      </dl>
    </section>
  );
}
