import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#local/free-port';

/** Files the walk-throughs write into the directory they run in (the repository, as a user runs them). */
const WRITTEN = ['matches.csv', 'products.csv', 'products.jsonl', 'invoice.pdf'];

let server: ChildProcess;
let port: number;
let configDir: string;
let printed: { B: string; K: string; S1: string; S2: string };

/**
 * `npm start` as a user runs it, once for both walk-throughs (each in a project of its own); they take
 * their values from the lines it printed. No crawl delay, and no slowed pace after a demo shop's 429
 * (its Retry-After is still waited out): the walk-throughs assert no crawl timing.
 */
beforeAll(async () => {
  port = await freePort();
  configDir = await mkdtemp(join(tmpdir(), 'pds-readme-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'bin/dev-server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'silent',
      DATA_DIR: join(configDir, 'data'),
      CRAWL_MIN_DELAY_MS: '0',
      CRAWL_PUSHBACK_INTERVAL_MS: '10',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/^Demo shop: [\s\S]*^Demo shop: /m.test(output)) resolve();
    });
    server.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${output}`)));
  });
  const [S1 = '', S2 = ''] = [...output.matchAll(/^Demo shop: (\S+)$/gm)].map((match) => match[1] ?? '');
  printed = {
    B: /^Base URL: (\S+)$/m.exec(output)?.[1] ?? '',
    K: /^API key: (\S+)$/m.exec(output)?.[1] ?? '',
    S1,
    S2,
  };
}, 120_000);

afterAll(async () => {
  if (server?.exitCode === null) server.kill('SIGTERM');
  await Promise.all(WRITTEN.map((file) => rm(file, { force: true })));
  if (configDir) await rm(configDir, { recursive: true, force: true });
});

/** The shell blocks of a README section, in order. */
async function shellBlocks(heading: string): Promise<string[]> {
  const readme = await readFile('README.md', 'utf8');
  const start = readme.indexOf(`\n## ${heading}\n`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

function bash(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
    env: { ...process.env, ...printed, PORT: String(port), XDG_CONFIG_HOME: configDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { code: null as number | null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => {
    run.stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    run.stderr += chunk.toString();
  });
  return new Promise((resolve) =>
    child.once('close', (code) => {
      run.code = code;
      resolve(run);
    }),
  );
}

// The walk-throughs work in projects of their own, so they run at once on the one stack.
describe.concurrent('the README', () => {
  it('runs the pds walk-through as written against a fresh npm start', async () => {
    const [walkThrough] = await shellBlocks('Walk-through with `pds`');
    expect(walkThrough).toContain('pds login --url "$B" --key "$K"');
    // As typed into an interactive shell, where the walk-through's alias applies to the lines after it.
    const run = await bash(`shopt -s expand_aliases\n${walkThrough}`);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^Products delivered: \d+$/m);
    expect(Number(/^Matches found: (\d+)$/m.exec(run.stdout)?.[1])).toBeGreaterThanOrEqual(72);
    expect(run.stdout).toContain('"url_result":"NOT_FOUND"');
    expect(run.stdout).toMatch(/^Pay on: http\S+$/m);
    expect(run.stderr).toMatch(/^Error 422 VALIDATION_ERROR: .+\n {2}body amount: .+\nRequest id: \S+$/m);
    const matches = (await readFile('matches.csv', 'utf8')).trim().split('\n');
    expect(matches.length - 1).toBeGreaterThanOrEqual(72);
  }, 600_000);

  it('runs the curl walk-through as written on the same npm start', async () => {
    const blocks = await shellBlocks('Walk-through with curl');
    // Each request's status goes to stderr, so the test sees every answer without the README saying
    // `-w` and without changing what a command substitution captures.
    const run = await bash(
      `curl() { command curl --write-out '%{stderr}HTTP %{http_code} %{method} %{url_effective}\\n' "$@"; }\n${blocks.join('\n')}`,
    );
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const answers = [...run.stderr.matchAll(/^HTTP (\d{3}) (\S+) (\S+)$/gm)].map(
      ([, status, method, url]) => ({
        status: Number(status),
        request: `${method} ${new URL(url ?? '').pathname}`,
      }),
    );
    expect(answers.length).toBeGreaterThan(60);
    // The refusals and redirects the README announces, and no others.
    const refused = answers.filter(({ status }) => status >= 300);
    expect(
      refused.map(({ status, request }) => `${status} ${request.replace(/\b(job|cs_local)_\w+/, '$1_…')}`),
    ).toEqual([
      '409 POST /v1/jobs/job_…/cancel',
      '403 GET /v1/exports/products/url',
      '303 POST /v1/checkout/cs_local_…',
      '401 GET /v1/account',
    ]);
  }, 600_000);
});
