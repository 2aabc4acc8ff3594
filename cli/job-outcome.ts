import type { Job } from './api-shapes.ts';
import type { Context } from './context.ts';
import { formatQuote } from './format-quote.ts';

const URL_RESULTS = [
  'OK',
  'NOT_FOUND',
  'NOT_A_PRODUCT',
  'BLOCKED_BY_ROBOTS',
  'ADDRESS_NOT_ALLOWED',
  'FAILED',
];

/** What a job delivered, in words: products, matches, and how its URLs fared. */
export function outcomeLines(job: Job): string[] {
  const lines: string[] = [];
  if (job.job_type === 'MATCHING' && job.overlap) {
    // The overlap names each pair both ways; the matches are the reference website's.
    const pairs = job.overlap.filter((pair) => pair.website_id === job.reference_website_id);
    const found = pairs.reduce((sum, pair) => sum + pair.products, 0);
    const perCompetitor =
      pairs.length > 1
        ? ` (${pairs.map((pair) => `${pair.match_website_id}: ${pair.products}`).join(', ')})`
        : '';
    lines.push(`Matches found: ${found}${perCompetitor}`);
  } else if (job.job_type !== 'MATCHING' && job.job_type !== 'WEBSITE_SETUP' && job.settlement)
    lines.push(`Products delivered: ${job.settlement.quantity}`);
  const results = job.url_results as Record<string, number> | null | undefined;
  if (results) {
    const sent = URL_RESULTS.reduce((sum, result) => sum + (results[result] ?? 0), 0);
    const counts = URL_RESULTS.filter((result) => results[result])
      .map((result) => `${results[result]} ${result}`)
      .join(', ');
    if (sent > 0 && !results.OK)
      lines.push(`None of the ${sent} URLs gave a product: ${counts}. Nothing was delivered.`);
    else if (sent > 0) lines.push(`URLs: ${counts}`);
  }
  return lines;
}

/** Prints a job's final state and turns it into the exit code: 0 done (or waiting for approval), 1 failed. */
export function reportJob(context: Context, job: Job): number {
  const lines = [`Job ${job.job_id} (${job.job_type}): ${job.status}`];
  if (job.website_id) lines.push(`Website: ${job.website_id}`);
  if (job.status === 'AWAITING_APPROVAL') {
    if (job.estimate) lines.push(`Quote: ${formatQuote(job.estimate)}`);
    lines.push(`Approve it with: pds approve ${job.job_id}`);
  }
  lines.push(...outcomeLines(job));
  if (job.settlement) lines.push(`Charged: ${job.settlement.currency} ${job.settlement.amount}`);
  if (job.error) lines.push(`Error: ${job.error}${job.error_code ? ` (${job.error_code})` : ''}`);
  context.print(lines.join('\n'), job);
  return job.status === 'FAILED' || job.status === 'CANCELLED' ? 1 : 0;
}
