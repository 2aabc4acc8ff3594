import { setTimeout as sleep } from 'node:timers/promises';
import type { PdsClient } from '../functions/client/pds-client.ts';
import type { Job } from './api-shapes.ts';
import { jobProgress } from './job-progress.ts';
import { type JobKind, readJob, STOP_STATUSES } from './jobs-api.ts';
import { progressBar } from './progress-bar.ts';

const POLL_MS = 1000;

/**
 * Polls a job until it ends or waits for approval, drawing a progress bar on stderr (redrawn in place
 * on a terminal, a line per change otherwise). Ctrl-C stops watching only: the job runs on in the
 * service, and the message says how to watch it again.
 */
export async function watchJob(client: PdsClient, kind: JobKind, jobId: string): Promise<Job> {
  const terminal = process.stderr.isTTY === true;
  const onInterrupt = (): void => {
    process.stderr.write(
      `\nStopped watching. Job ${jobId} continues in the service; watch it again with: pds wait ${jobId}\n`,
    );
    process.exit(130);
  };
  process.once('SIGINT', onInterrupt);
  let last = '';
  try {
    for (;;) {
      const job = await readJob(client, kind, jobId);
      const { percent, detail } = jobProgress(job);
      const line = `${progressBar(percent)} ${job.status}${detail ? ` ${detail}` : ''}`;
      if (line !== last) {
        process.stderr.write(terminal ? `\r\x1b[K${line}` : `${line}\n`);
        last = line;
      }
      if (STOP_STATUSES.has(job.status)) {
        if (terminal) process.stderr.write('\n');
        return job;
      }
      await sleep(POLL_MS);
    }
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
}
