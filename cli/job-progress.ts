import type { Job, Progress } from './api-shapes.ts';

const ANALYSIS_STEPS = ['config', 'homepage', 'sitemap', 'size'] as const;

/** How far a job is, from its progress fields: a percentage and a short description. */
export function jobProgress(job: Job): { percent: number; detail: string } {
  if (job.status === 'COMPLETED') return { percent: 100, detail: '' };
  const live: Progress | null | undefined =
    job.train_progress ?? job.scrape_progress ?? job.matching_progress;
  if (job.status !== 'ANALYZING' && live) {
    const counts =
      'products_total' in live
        ? `${live.products_processed ?? 0}/${live.products_total} products`
        : `${live.pages ?? 0}/${live.pages_estimate ?? '?'} pages`;
    return { percent: live.percent ?? 0, detail: [live.phase, counts].filter(Boolean).join(' ') };
  }
  const analysis = job.analysis_progress;
  if (analysis) {
    const done = ANALYSIS_STEPS.filter((step) => {
      const state = (analysis[step] as { state?: string } | undefined)?.state;
      return state !== undefined && state !== 'PENDING' && state !== 'RUNNING';
    }).length;
    const estimate = analysis.products_estimate ? `~${analysis.products_estimate} products` : '';
    return { percent: (done / ANALYSIS_STEPS.length) * 100, detail: `analysis ${estimate}`.trim() };
  }
  return { percent: 0, detail: '' };
}
