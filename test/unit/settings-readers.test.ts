import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Settings are read by entries and wiring modules and passed down (docs/architecture.md, "Where
 * settings are read"): a module below them takes a client, a bucket, a price list or a number as an
 * argument, or gets it from its capability's wiring, so its test passes the value in instead of
 * setting the environment.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

const filesUnder = (...folders: string[]) =>
  execFileSync('git', ['ls-files', '-co', '--exclude-standard', ...folders], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((path) => path.endsWith('.ts') && existsSync(join(root, path)));

const sourceOf = (path: string) => readFileSync(join(root, path), 'utf8');

/**
 * Who may read: the settings table and the secrets read through it, the logger's switch (read per
 * line, so an operator can silence a running process), wiring modules, lane task entries, the
 * handler factory and its middlewares, the operator CLI.
 */
const mayRead = (path: string) =>
  ['functions/platform/config.ts', 'functions/platform/secrets.ts', 'functions/platform/log.ts'].includes(
    path,
  ) ||
  path.endsWith('-services.ts') ||
  path.startsWith('functions/tasks/') ||
  path.startsWith('functions/admin/') ||
  ['functions/http/http.ts', 'functions/http/authenticate.ts', 'functions/http/rate-limit.ts'].includes(path);

const READ = /\b(setting|needSetting|isSet|secretSource)\(|process\.env\b/;

/** A test that changes its own process's environment (a child process's `env` is not one). */
const SETS_ENV = /\bvi\.stubEnv\(|process\.env\.\w+\s*=[^=]|delete process\.env|Object\.assign\(process\.env/;

/**
 * Unit tests that set the environment, each for a reason: the settings reader itself, and an entry
 * tested as deployed (the Stripe webhook, whose secret's id the environment names).
 */
const SETTING_TESTS = ['functions/http/billing/stripe-webhook.test.ts', 'functions/platform/config.test.ts'];

describe('where settings are read', () => {
  it('is the entries and wiring modules only', () => {
    const readers = filesUnder('functions')
      .filter((path) => !path.endsWith('.test.ts'))
      .filter((path) => READ.test(sourceOf(path)));
    expect(readers.filter((path) => !mayRead(path))).toEqual([]);
  });

  it('is set by no unit test but those of the reader and of an entry as deployed', () => {
    const setters = filesUnder('functions', 'test/unit', 'test/cdk', 'cli', 'console')
      .filter((path) => path.endsWith('.test.ts') && path !== 'test/unit/settings-readers.test.ts')
      .filter((path) => SETS_ENV.test(sourceOf(path)));
    expect(setters.sort()).toEqual(SETTING_TESTS);
  });

  it('sees a read, and a test setting a variable, where there is one', () => {
    expect(READ.test(sourceOf('functions/history/history-services.ts'))).toBe(true);
    expect(READ.test(sourceOf('functions/history/record-scrape-history.ts'))).toBe(false);
    expect(SETS_ENV.test("vi.stubEnv('TABLE_NAME', 'unit-table');")).toBe(true);
    expect(SETS_ENV.test('process.env.WEBSITE_SETUP_STATE_MACHINE_ARN = MACHINE;')).toBe(true);
    expect(SETS_ENV.test('env: { ...process.env, PORT: String(port) }')).toBe(false);
  });
});
