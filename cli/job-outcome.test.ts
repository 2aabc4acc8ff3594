import { describe, expect, it } from 'vitest';
import type { Job } from './api-shapes.ts';
import { outcomeLines } from './job-outcome.ts';

const settled = (quantity: number) => ({
  quantity,
  currency: 'EUR',
  amount: '1.00',
  capped: false,
  settled_at: '2026-11-27T10:00:00Z',
});
const noUrls = {
  OK: 0,
  NOT_FOUND: 0,
  NOT_A_PRODUCT: 0,
  BLOCKED_BY_ROBOTS: 0,
  ADDRESS_NOT_ALLOWED: 0,
  FAILED: 0,
};

describe('outcomeLines', () => {
  it('gives a scrape its products delivered and the counts of its URL results', () => {
    const job = {
      job_type: 'URL_SCRAPE',
      settlement: settled(2),
      url_results: { ...noUrls, OK: 2, NOT_FOUND: 1 },
    } as unknown as Job;
    expect(outcomeLines(job)).toEqual(['Products delivered: 2', 'URLs: 2 OK, 1 NOT_FOUND']);
  });

  it('says plainly when every URL failed', () => {
    const job = {
      job_type: 'URL_SCRAPE',
      settlement: settled(0),
      url_results: { ...noUrls, NOT_FOUND: 198, BLOCKED_BY_ROBOTS: 2 },
    } as unknown as Job;
    expect(outcomeLines(job)).toEqual([
      'Products delivered: 0',
      'None of the 200 URLs gave a product: 198 NOT_FOUND, 2 BLOCKED_BY_ROBOTS. Nothing was delivered.',
    ]);
  });

  it('gives a matching job the matches it found, per competitor when there are several', () => {
    const one = {
      job_type: 'MATCHING',
      reference_website_id: 'web_a',
      settlement: settled(180),
      overlap: [
        { website_id: 'web_a', match_website_id: 'web_b', products: 80 },
        { website_id: 'web_b', match_website_id: 'web_a', products: 80 },
      ],
    } as unknown as Job;
    expect(outcomeLines(one)).toEqual(['Matches found: 80']);
    const two = {
      job_type: 'MATCHING',
      reference_website_id: 'web_a',
      overlap: [
        { website_id: 'web_a', match_website_id: 'web_b', products: 80 },
        { website_id: 'web_a', match_website_id: 'web_c', products: 5 },
      ],
    } as unknown as Job;
    expect(outcomeLines(two)).toEqual(['Matches found: 85 (web_b: 80, web_c: 5)']);
  });

  it('says nothing of a job that has not settled', () => {
    expect(outcomeLines({ job_type: 'FULL_SCRAPE', settlement: null } as unknown as Job)).toEqual([]);
  });
});
