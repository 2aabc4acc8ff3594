import { useEventPublisher } from '#webhooks/webhook-events';

export interface RecordedEvent {
  projectId: string;
  type: string;
  /** The job id the event is about (`data.job.job_id`, or `data.job_id`). */
  jobId: unknown;
}

/**
 * Puts a recorder behind `publishEvents`, for unit tests of use cases: the events they publish, in
 * order, instead of deliveries to webhooks. Import it after TABLE_NAME is set (the store reads it).
 */
export function recordEvents(): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  useEventPublisher(async (projectId, published) => {
    for (const { type, data } of published) {
      const job = data.job as { job_id?: unknown } | undefined;
      events.push({ projectId, type, jobId: job?.job_id ?? data.job_id });
    }
  });
  return events;
}
