import { describe, expect, it } from 'vitest';
import { NULLABLE_JOB_FIELDS, newJobRecord } from './job-record.ts';
import { publicJob } from './public-job.ts';

const fields: Omit<Parameters<typeof newJobRecord>[0], 'status'> = {
  job_id: 'job_1',
  job_type: 'FULL_SCRAPE',
  project_id: 'prj_1',
  website_id: 'web_1',
  estimate: null,
  customer_id: 'cus_1',
  locks: [],
  now: '2026-01-10T12:00:00.000Z',
};

describe('a new job record', () => {
  it('starts unfinished with every other interface field empty', () => {
    const job = newJobRecord({ ...fields, status: 'AWAITING_APPROVAL' });
    expect(job).toMatchObject({ approval: null, settlement: null, error: null, execution_arn: null });
    expect(job.created_at).toBe(fields.now);
    expect(job.finished_at).toBeNull();
  });

  it('ends as it starts when created in a final state', () => {
    expect(newJobRecord({ ...fields, status: 'COMPLETED' }).finished_at).toBe(fields.now);
  });
});

describe('the public view of a job', () => {
  it('shows the common and the lane’s fields, never what the service keeps beside them', () => {
    const job = {
      ...newJobRecord({ ...fields, status: 'RUNNING' }),
      urls: ['https://shop.test/a'],
      secret: 1,
    };
    const shown = publicJob(job, ['urls']);
    expect(shown).toMatchObject({ job_id: 'job_1', status: 'RUNNING', urls: ['https://shop.test/a'] });
    expect(shown).not.toHaveProperty('customer_id');
    expect(shown).not.toHaveProperty('locks');
    expect(shown).not.toHaveProperty('secret');
  });
});

describe('the nullable job fields', () => {
  it('are every field a new job leaves empty', () => {
    const job = newJobRecord({ ...fields, website_id: null, status: 'RUNNING' });
    const empty = Object.entries(job).flatMap(([name, value]) => (value === null ? [name] : []));
    expect([...NULLABLE_JOB_FIELDS].sort()).toEqual(empty.sort());
  });
});
