import { describe, expect, it } from 'vitest';
import { compactionsDue, spanOf } from './history-compaction.ts';

const run = (first: string, last: string, job: string) => `${first}_${last}_${job}.jsonl`;
const at = (day: string, hour: string) => `2026-${day}T${hour}:00:00.000Z`;

describe('history compaction', () => {
  it('merges the runs of each ended day of the month, leaving today’s and lone ones', () => {
    const names = [
      run(at('03-01', '01'), at('03-01', '02'), 'job_a'),
      run(at('03-01', '05'), at('03-01', '06'), 'job_b'),
      run(at('03-02', '01'), at('03-02', '02'), 'job_c'),
      run(at('03-03', '01'), at('03-03', '02'), 'job_d'),
      run(at('03-03', '05'), at('03-03', '06'), 'job_e'),
    ];
    expect(compactionsDue(names, at('03-03', '06'))).toEqual([
      {
        target: `${at('03-01', '01')}_${at('03-01', '06')}_day-2026-03-01.jsonl`,
        sources: names.slice(0, 2),
      },
    ]);
  });

  it('merges every object of an ended month, days and runs alike, into one', () => {
    const names = [
      `${at('01-01', '01')}_${at('01-20', '06')}_day-2026-01-20.jsonl`,
      run(at('01-31', '23'), at('02-01', '01'), 'job_over_midnight'),
      `${at('02-01', '02')}_${at('02-27', '06')}_day-2026-02-27.jsonl`,
      run(at('02-28', '01'), at('02-28', '02'), 'job_f'),
      run(at('03-01', '01'), at('03-01', '02'), 'job_g'),
    ];
    expect(compactionsDue(names, at('03-01', '02'))).toEqual([
      { target: `${at('02-01', '02')}_${at('02-28', '02')}_month-2026-02.jsonl`, sources: names.slice(2, 4) },
    ]);
  });

  it('merges a month object again with a late run of that month, under the merged span', () => {
    const month = `${at('01-01', '01')}_${at('01-31', '06')}_month-2026-01.jsonl`;
    const late = run(at('01-31', '07'), at('01-31', '08'), 'job_late');
    const [merge] = compactionsDue([month, late], at('02-02', '00'));
    expect(merge?.sources).toEqual([month, late]);
    expect(spanOf(merge?.target ?? '')).toEqual({ first: at('01-01', '01'), last: at('01-31', '08') });
  });

  it('has nothing to do within the current day', () => {
    const names = [
      run(at('03-03', '01'), at('03-03', '02'), 'a'),
      run(at('03-03', '03'), at('03-03', '04'), 'b'),
    ];
    expect(compactionsDue(names, at('03-03', '04'))).toEqual([]);
  });
});
