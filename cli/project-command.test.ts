import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPds } from '../test/helpers/run-pds.ts';

const PROXY = 'http://crawler:s3cret-Pa55@proxy.example:3128';
let server: Server;
let configDir: string;
/** What the fake API was asked, method and path, with the body sent. */
let requests: { method: string; url: string; body: unknown }[] = [];
/** The proxy host the fake project holds, as the API would show it. */
let proxyHost: string | null = null;

/** An API holding one project, whose PATCH keeps only the proxy's host, as the service does. */
beforeAll(async () => {
  server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    requests.push({ method: request.method ?? '', url: request.url ?? '', body });
    if (request.method === 'PATCH' && typeof body?.crawl_proxy === 'string')
      proxyHost = new URL(body.crawl_proxy).host;
    else if (request.method === 'PATCH' && body?.crawl_proxy === null) proxyHost = null;
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        project_id: 'prj_x',
        name: 'Shoes',
        is_default: true,
        localization: { country: 'CZ', currency: 'CZK' },
        crawl_proxy_host: proxyHost,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configDir = await mkdtemp(join(tmpdir(), 'pds-project-'));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  await mkdir(join(configDir, 'pds'));
  await writeFile(
    join(configDir, 'pds', 'config.json'),
    JSON.stringify({ base_url: baseUrl, api_key: 'pds_x', project_id: 'prj_x' }),
  );
});

beforeEach(() => {
  requests = [];
});

afterAll(async () => {
  server?.close();
  if (configDir) await rm(configDir, { recursive: true, force: true });
});

const pds = (args: string[], input?: string) => runPds(args, { configDir, input });

describe('pds project', () => {
  it('sets the crawl proxy and shows only its host, in text and in JSON', async () => {
    const run = await pds(['project', 'update', '--crawl-proxy', PROXY]);
    expect(run.code, run.stderr).toBe(0);
    expect(requests).toEqual([{ method: 'PATCH', url: '/v1/projects/prj_x', body: { crawl_proxy: PROXY } }]);
    expect(run.stdout).toContain('crawl proxy  proxy.example:3128');
    const json = await pds(['project', 'update', '--crawl-proxy', PROXY, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ crawl_proxy_host: 'proxy.example:3128' });
    for (const output of [run.stdout, run.stderr, json.stdout, json.stderr])
      expect(output).not.toContain('s3cret');
  });

  it('reads the proxy URL from stdin with --crawl-proxy -, keeping it out of the command line', async () => {
    const run = await pds(['project', 'update', '--crawl-proxy', '-'], `${PROXY}\n`);
    expect(run.code, run.stderr).toBe(0);
    expect(requests.map((request) => request.body)).toEqual([{ crawl_proxy: PROXY }]);
    expect(`${run.stdout}${run.stderr}`).not.toContain('s3cret');
  });

  it('removes the proxy with --no-crawl-proxy, and shows the project', async () => {
    const run = await pds(['project', 'update', '--no-crawl-proxy']);
    expect(run.code, run.stderr).toBe(0);
    expect(requests.map((request) => request.body)).toEqual([{ crawl_proxy: null }]);
    expect(run.stdout).toContain('crawl proxy  none');
    const shown = await pds(['project']);
    expect(shown.stdout).toBe('prj_x  Shoes (default)\ncurrency     CZK\ncrawl proxy  none\n');
    expect(requests.at(-1)).toMatchObject({ method: 'GET', url: '/v1/projects/prj_x' });
  });

  it('refuses both options at once, or an update without one, sending nothing and echoing no secret (exit 2)', async () => {
    for (const args of [
      ['project', 'update', '--crawl-proxy', PROXY, '--no-crawl-proxy'],
      ['project', 'update'],
      ['project', '--crawl-proxy', PROXY],
      ['project', 'rename'],
    ]) {
      const run = await pds(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(`${run.stdout}${run.stderr}`).not.toContain('s3cret');
    }
    expect(requests).toEqual([]);
  });
});
