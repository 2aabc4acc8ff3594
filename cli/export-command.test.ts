import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPds } from '../test/helpers/run-pds.ts';

const CHUNK = Buffer.alloc(1 << 20, 'x,y\r\n');
const CHUNKS = 256;
let server: Server;
let configDir: string;
/** The query of the last link the API was asked for. */
let linkQuery: URLSearchParams | null = null;

/** An API that links a 256 MB export file and serves it, generated chunk by chunk. */
beforeAll(async () => {
  server = createServer((request, response) => {
    const origin = `http://${request.headers.host}`;
    if (request.url?.startsWith('/v1/exports/products/url')) {
      linkQuery = new URL(request.url, origin).searchParams;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ dataset: 'products', url: `${origin}/file.csv` }));
      return;
    }
    let sent = 0;
    const send = (): void => {
      while (sent < CHUNKS) {
        sent++;
        if (!response.write(CHUNK)) return void response.once('drain', send);
      }
      response.end();
    };
    send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configDir = await mkdtemp(join(tmpdir(), 'pds-export-'));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  await mkdir(join(configDir, 'pds'));
  await writeFile(
    join(configDir, 'pds', 'config.json'),
    JSON.stringify({ base_url: baseUrl, api_key: 'pds_x' }),
  );
});

afterAll(async () => {
  server?.close();
  if (configDir) await rm(configDir, { recursive: true, force: true });
});

describe('pds export', () => {
  it('streams a file larger than its memory to disk', async () => {
    const file = join(configDir, 'products.csv');
    // A 64 MB heap cannot hold the 256 MB file: buffering it would crash the process.
    const run = await runPds(['export', 'products', '--project', 'prj_x', '-o', file], {
      configDir,
      env: { NODE_OPTIONS: '--max-old-space-size=64' },
    });
    expect(run.code, run.stderr).toBe(0);
    expect((await stat(file)).size).toBe(CHUNK.length * CHUNKS);
  }, 120_000);

  it('asks for a URL scrape job’s file in JSON Lines with --job and --format, for Parquet, and refuses other formats', async () => {
    const file = join(configDir, 'job.jsonl');
    const run = await runPds(
      ['export', 'products', '--project', 'prj_x', '--job', 'job_1', '--format', 'jsonl', '-o', file],
      { configDir },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(Object.fromEntries(linkQuery ?? [])).toEqual({
      project_id: 'prj_x',
      job_id: 'job_1',
      format: 'jsonl',
    });
    const parquet = await runPds(
      ['export', 'products', '--project', 'prj_x', '--format', 'parquet', '-o', join(configDir, 'p.parquet')],
      { configDir },
    );
    expect(parquet.code, parquet.stderr).toBe(0);
    expect(linkQuery?.get('format')).toBe('parquet');
    const refused = await runPds(['export', 'products', '--project', 'prj_x', '--format', 'ods'], {
      configDir,
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('--format is csv, jsonl, xlsx or parquet.');
  }, 120_000);
});
