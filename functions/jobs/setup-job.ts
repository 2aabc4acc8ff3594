import type { AnalysisCharge } from '#billing/setup-billing';
import type { Job, StoredJob } from '#core/job-record';
import { publicJob } from '#core/public-job';
import type { AnalysisProgress, TrainProgress } from '#crawl/index';

/** A setup job's own fields: the interface's, then the service's. */
export interface SetupFields {
  url: string;
  country: string;
  currency: string;
  analysis_progress: AnalysisProgress | null;
  train_progress: TrainProgress | null;
  /** The website identity the job sets up (host without www., plus a non-default port). */
  domain: string;
  analysis_charge: AnalysisCharge;
  /** What the analysis saw, handed to the training so it does not start from nothing. */
  analysis_seeds: AnalysisSeeds | null;
}

export interface AnalysisSeeds {
  /** The home page after redirects. */
  homepage: string;
  productUrls: string[];
  otherUrls: string[];
}

export type SetupJob = StoredJob<SetupFields>;

const SETUP_FIELDS = [
  'url',
  'country',
  'currency',
  'analysis_progress',
  'train_progress',
] as const satisfies readonly (keyof SetupFields)[];

export type PublicSetupJob = Job & Pick<SetupFields, (typeof SETUP_FIELDS)[number]>;

export const publicSetupJob = (job: SetupJob): PublicSetupJob => {
  const view = publicJob(job, SETUP_FIELDS) as PublicSetupJob;
  // Jobs analysed before rendering was decided read their website over HTTP.
  return view.analysis_progress
    ? {
        ...view,
        analysis_progress: {
          ...view.analysis_progress,
          rendering: view.analysis_progress.rendering ?? 'HTTP',
        },
      }
    : view;
};
