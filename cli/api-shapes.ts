import type { paths } from '../functions/client/api-types.ts';

/** The JSON body an operation answers with on `status`, as the OpenAPI document describes it. */
type Answer<Operation, Status extends number> = Operation extends {
  responses: Record<Status, { content: { 'application/json': infer Body } }>;
}
  ? Body
  : never;

type SetupJob = Answer<paths['/jobs/setup/{job_id}']['get'], 200>;
type ScrapeJob = Answer<paths['/jobs/scraping/{job_id}']['get'], 200>;
type MatchingJob = Answer<paths['/jobs/matching/{job_id}']['get'], 200>;

/** A job of any lane; the lane's own fields are optional here, so one view reads them all. */
export type Job = (SetupJob | ScrapeJob | MatchingJob) &
  Partial<SetupJob> &
  Partial<ScrapeJob> &
  Partial<MatchingJob>;
export type Estimate = NonNullable<ScrapeJob['estimate']>;
export type Progress = NonNullable<Job['train_progress'] | Job['scrape_progress'] | Job['matching_progress']>;
export type Project = Answer<paths['/projects/{project_id}']['get'], 200>;
export type Website = Answer<paths['/websites/{website_id}']['get'], 200>;
export type Membership = Answer<paths['/customers']['get'], 200>[number];
