import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Settings are read by entries and wiring modules and passed down (docs/architecture.md, "Where
 * settings are read"): a module below them takes a client, a bucket, a price list or a number as an
 * argument, so its test passes the value in instead of setting the environment.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Who may read: the settings table and the secrets read through it, the logger's switch (read per
 * line, so tests and operators can silence a running process), wiring modules, lane task entries,
 * the handler factory and its middlewares, the operator CLI.
 */
const mayRead = (path: string) =>
  ['functions/platform/config.ts', 'functions/platform/secrets.ts', 'functions/platform/log.ts'].includes(
    path,
  ) ||
  path.endsWith('-services.ts') ||
  path.startsWith('functions/tasks/') ||
  path.startsWith('functions/admin/') ||
  ['functions/http/http.ts', 'functions/http/authenticate.ts', 'functions/http/rate-limit.ts'].includes(path);

/**
 * Modules below the entries and wiring that still read their own settings: each is a step of
 * issue 33, point 3 not yet taken, and leaves this list when it takes its values as arguments.
 */
const STILL_READING = [
  'functions/jobs/crawl-settings.ts',
  'functions/matching/run-matching.ts',
  'functions/scraping/run-scrape.ts',
  'functions/setup/create-setup-job.ts',
  'functions/setup/run-setup.ts',
];

const READ = /\b(setting|needSetting|isSet|secretSource)\(|process\.env\b/;

const productionModules = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'functions'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && existsSync(join(root, path)));

describe('where settings are read', () => {
  it('is the entries and wiring modules, and the modules not yet moved', () => {
    const readers = productionModules.filter((path) => READ.test(readFileSync(join(root, path), 'utf8')));
    expect(readers.filter((path) => !mayRead(path)).sort()).toEqual(STILL_READING);
  });

  it('sees a read in the modules that read', () => {
    const source = readFileSync(join(root, 'functions/history/history-services.ts'), 'utf8');
    expect(READ.test(source)).toBe(true);
  });
});
