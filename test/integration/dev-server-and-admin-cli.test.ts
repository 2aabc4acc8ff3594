import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#local/free-port';
import { readStackState } from '#local/stack-state';
import { apiClient } from '#test/api-client';
import { pollJob } from '#test/jobs';

const run = promisify(execFile);
/**
 * Sources run as `npm start` runs them: tsx's loader inside the one node process. The tsx command
 * would put a second node process (and its start-up) in front of every run of the admin CLI.
 */
const WITH_TSX = ['--import', 'tsx'];

let server: ChildProcess;
let port: number;
let baseUrl: string;
let demoKey: string;
let demoShopUrls: string[];
let consoleUrl: string;

/** Starts `npm start`'s entry point as a user would, and reads the two lines it promises. */
beforeAll(async () => {
  port = await freePort();
  server = spawn(process.execPath, [...WITH_TSX, 'bin/dev-server.ts'], {
    // This file asserts no crawl timing: its setup crawls a demo shop without the politeness gap
    // and without the slowed pace after a 429 (whose Retry-After is still waited out).
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'silent',
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
    server.once('exit', (code) => reject(new Error(`dev server exited with ${code}: ${output}`)));
  });
  baseUrl = /^Base URL: (\S+)$/m.exec(output)?.[1] ?? '';
  demoShopUrls = [...output.matchAll(/^Demo shop: (\S+)$/gm)].map((match) => match[1] ?? '');
  demoKey = /^API key: (\S+)$/m.exec(output)?.[1] ?? '';
  consoleUrl = /^Console: (\S+)$/m.exec(output)?.[1] ?? '';
});

afterAll(() => {
  // SIGTERM, so a server left running by a failed test still stops the DynamoDB Local it started.
  if (server.exitCode === null) server.kill('SIGTERM');
});

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...WITH_TSX, 'bin/admin.ts', ...args], {
      env: { ...process.env, PORT: String(port) },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm start', () => {
  it('prints the base URL and a working USER key of the demo owner with a demo project', async () => {
    expect(baseUrl).toBe(`http://127.0.0.1:${port}/v1`);
    const api = apiClient(baseUrl, demoKey);
    expect((await api.get('/account')).status).toBe(200);
    const [customer] = (await api.get('/customers')).body;
    expect(customer).toMatchObject({ role: 'OWNER' });
    expect((await api.get('/projects')).body).toHaveLength(1);
  });

  it("prints the console's address, where the service serves the console page and its script", async () => {
    expect(consoleUrl).toBe(`http://127.0.0.1:${port}/console`);
    const page = await fetch(consoleUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('/console/app.js');
    const script = await fetch(new URL('/console/app.js', consoleUrl));
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await script.text()).length).toBeGreaterThan(1000);
  });

  it('lets the crawler reach the demo shops and no other address of this machine', async () => {
    const api = apiClient(baseUrl, demoKey);
    const [project] = (await api.get('/projects')).body;
    const state = await readStackState(process.cwd(), port);
    const setupOf = async (url: string) => {
      const created = await api.post('/jobs/setup', {
        url,
        country: 'GB',
        currency: 'GBP',
        project_id: project.project_id,
      });
      expect(created.status).toBe(201);
      return (await pollJob(api, `/jobs/setup/${created.body.job_id}`)).job;
    };
    // DynamoDB Local answers HTTP on loopback: only the allow-list could let a setup read it.
    expect(await setupOf(`${state?.dynamodbEndpoint}/`)).toMatchObject({
      status: 'FAILED',
      error_code: 'ADDRESS_NOT_ALLOWED',
    });
    expect(await setupOf(demoShopUrls[0] ?? '')).toMatchObject({ status: 'COMPLETED' });
  });
});

describe('admin CLI on the running local stack', () => {
  it('onboards a customer and a user whose key works at once', async () => {
    const customer = await admin('create-customer', '--name', 'Shop Co');
    expect(customer.code).toBe(0);
    const { customer_id } = JSON.parse(customer.stdout);
    expect(customer_id).toMatch(/^cus_/);
    const user = await admin(
      'create-user',
      '--email',
      'ops@shop.test',
      '--name',
      'Ops',
      '--customer',
      customer_id,
      '--role',
      'ADMIN',
    );
    expect(user.code).toBe(0);
    const { user_id, api_key } = JSON.parse(user.stdout);
    expect(user_id).toMatch(/^usr_/);
    const api = apiClient(baseUrl, api_key);
    expect((await api.get(`/customers/${customer_id}`)).body.role).toBe('ADMIN');

    const quotas = await admin(
      'set-quotas',
      '--customer',
      customer_id,
      '--max-projects',
      '5',
      '--topup-min',
      '20',
    );
    expect(JSON.parse(quotas.stdout)).toMatchObject({ max_projects: 5, topup_min: '20.00' });
    const credit = await admin(
      'credit',
      '--customer',
      customer_id,
      '--amount',
      '25.5',
      '--reason',
      'welcome',
    );
    const credited = JSON.parse(credit.stdout);
    expect(credited).toEqual({
      customer_id,
      currency: 'EUR',
      balance: '25.50',
      held: '0.00',
      spendable: '25.50',
      reference: expect.stringMatching(/^req-/),
      credited: true,
    });
    expect(credit.stderr).toContain(`--reference ${credited.reference}`);

    const other = JSON.parse(
      (await admin('create-user', '--email', 'viewer@shop.test', '--name', 'Viewer')).stdout,
    );
    const project = (await apiClient(baseUrl, demoKey).get('/projects')).body[0];
    expect(
      JSON.parse(
        (
          await admin(
            'add-project-member',
            '--project',
            project.project_id,
            '--user',
            other.user_id,
            '--role',
            'VIEWER',
          )
        ).stdout,
      ),
    ).toEqual({});
    expect((await apiClient(baseUrl, other.api_key).get(`/projects/${project.project_id}`)).status).toBe(200);
    expect(
      JSON.parse(
        (await admin('add-member', '--customer', customer_id, '--user', other.user_id, '--role', 'MEMBER'))
          .stdout,
      ),
    ).toEqual({});
  });

  it('credits once per reference: a retry after a timeout does not pay twice', async () => {
    const { customer_id } = JSON.parse((await admin('create-customer', '--name', 'Retry Co')).stdout);
    const credit = (amount: string) =>
      admin(
        'credit',
        '--customer',
        customer_id,
        '--amount',
        amount,
        '--reason',
        'goodwill',
        '--reference',
        'ticket-481',
      );
    const first = JSON.parse((await credit('10')).stdout);
    const retry = JSON.parse((await credit('10')).stdout);
    expect(first).toMatchObject({ balance: '10.00', reference: 'ticket-481', credited: true });
    expect(retry).toMatchObject({ balance: '10.00', reference: 'ticket-481', credited: false });

    const changed = await credit('12');
    expect(changed.code).not.toBe(0);
    expect(changed.stdout).toBe('');
    expect(changed.stderr).toContain('REFERENCE_REUSED');

    const unreferenced = await admin('credit', '--customer', customer_id, '--amount', '5', '--reason', 'x');
    const printed = /--reference (\S+)/.exec(unreferenced.stderr)?.[1] ?? '';
    expect(JSON.parse(unreferenced.stdout)).toMatchObject({ balance: '15.00', reference: printed });
    const rerun = await admin(
      'credit',
      '--customer',
      customer_id,
      '--amount',
      '5',
      '--reason',
      'x',
      '--reference',
      printed,
    );
    expect(JSON.parse(rerun.stdout)).toMatchObject({ balance: '15.00', credited: false });
  });

  it('writes errors to stderr with a non-zero exit and nothing on stdout', async () => {
    for (const args of [
      ['add-member', '--customer', 'cus_nope', '--user', 'usr_nope', '--role', 'OWNER'],
      ['create-user', '--email', 'x@y.z', '--name', 'X', '--customer', 'cus_nope', '--role', 'KING'],
      ['credit', '--customer', 'cus_nope', '--amount', '1.001', '--reason', 'x'],
      ['no-such-command'],
    ]) {
      const result = await admin(...args);
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toBe('');
    }
  });
});

describe('stopping', () => {
  it('stops the API and every engine on SIGTERM', async () => {
    const state = await readStackState(process.cwd(), port);
    const dynamoPort = new URL(state?.dynamodbEndpoint ?? '').port;
    expect((await run('ps', ['-eo', 'args'])).stdout).toContain(`-port ${dynamoPort}`);
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`${baseUrl}/account`)).rejects.toThrow();
    const { stdout } = await run('ps', ['-eo', 'args']);
    expect(stdout).not.toContain(`-port ${dynamoPort}`);
    expect(await readStackState(process.cwd(), port)).toBeNull();
  });
});

describe('npm start under a process manager', () => {
  it('stops the whole stack when npm itself is stopped with SIGTERM', async () => {
    const npmPort = await freePort();
    const npm = spawn('npm', ['start'], {
      env: { ...process.env, PORT: String(npmPort), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await new Promise<void>((resolve, reject) => {
      npm.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/^Demo shop: [\s\S]*^Demo shop: /m.test(output)) resolve();
      });
      npm.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${output}`)));
    });
    const state = await readStackState(process.cwd(), npmPort);
    const dynamoPort = new URL(state?.dynamodbEndpoint ?? '').port;

    npm.kill('SIGTERM');

    // npm's shell does not pass the signal on; the server notices its parent is gone and stops.
    for (let attempt = 0; attempt < 100 && (await readStackState(process.cwd(), npmPort)); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await readStackState(process.cwd(), npmPort), output).toBeNull();
    await expect(fetch(`http://127.0.0.1:${npmPort}/v1/account`)).rejects.toThrow();
    const { stdout } = await run('ps', ['-eo', 'args']);
    expect(stdout).not.toContain(`-port ${dynamoPort}`);
  });
});
