import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANE_ARN_SETTING, needSetting, SETTINGS, setting } from './config.ts';

afterEach(() => vi.unstubAllEnvs());

describe('settings from the environment', () => {
  it('fails on a missing required variable, naming it', () => {
    vi.stubEnv('TABLE_NAME', '');
    expect(() => setting('TABLE_NAME')).toThrow('Missing required environment variable TABLE_NAME');
  });

  it('reads an empty optional variable as unset', () => {
    vi.stubEnv('PUBLIC_BASE_URL', '');
    expect(setting('PUBLIC_BASE_URL')).toBeUndefined();
  });

  it('gives a number its default when unset and refuses one out of range', () => {
    vi.stubEnv('SCRAPE_BATCH_SIZE', '');
    expect(setting('SCRAPE_BATCH_SIZE')).toBe(100);
    vi.stubEnv('SCRAPE_BATCH_SIZE', '25');
    expect(setting('SCRAPE_BATCH_SIZE')).toBe(25);
    vi.stubEnv('SCRAPE_BATCH_SIZE', '5000');
    expect(() => setting('SCRAPE_BATCH_SIZE')).toThrow('SCRAPE_BATCH_SIZE must be a number from 1 to 1000');
  });

  it('needs an optional variable where one branch cannot do without it', () => {
    vi.stubEnv('MAIL_FROM', '');
    expect(() => needSetting('MAIL_FROM')).toThrow('MAIL_FROM');
  });

  it('names every lane’s ARN variable in the table', () => {
    for (const name of Object.values(LANE_ARN_SETTING)) expect(SETTINGS[name].kind).toBe('required');
  });
});
