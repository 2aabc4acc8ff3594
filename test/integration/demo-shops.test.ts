import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#local/free-port';
import { apiClient } from '#test/api-client';
import { pollJob } from '#test/jobs';

let server: ChildProcess;
let output = '';

/**
 * `npm start`'s entry point as a newcomer runs it (`node --import tsx`, the script's own command),
 * read until it has printed both demo shops.
 */
beforeAll(async () => {
  const port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', 'bin/dev-server.ts'], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if ((output.match(/^Demo shop: /gm) ?? []).length === 2) resolve();
    });
    server.once('exit', (code) => reject(new Error(`dev server exited with ${code}: ${output}`)));
  });
});

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGTERM');
});

describe('npm start', () => {
  it('serves two demo shops of different flavours that a setup job with the demo key completes on', async () => {
    const shops = [...output.matchAll(/^Demo shop: (\S+)$/gm)].map((match) => match[1] as string);
    expect(shops).toHaveLength(2);
    expect(new Set(shops).size).toBe(2);
    for (const shop of shops) expect(shop).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const baseUrl = /^Base URL: (\S+)$/m.exec(output)?.[1] ?? '';
    const api = apiClient(baseUrl, /^API key: (\S+)$/m.exec(output)?.[1] ?? '');
    const [project] = (await api.get('/projects')).body;
    const created = await api.post('/jobs/setup', {
      url: shops[0],
      country: 'CZ',
      currency: 'CZK',
      project_id: project.project_id,
    });
    expect(created.status).toBe(201);
    const { job } = await pollJob(api, `/jobs/setup/${created.body.job_id}`);
    expect(job.status).toBe('COMPLETED');
    expect((await api.get(`/websites/${job.website_id}/sample`)).body.products.length).toBeGreaterThan(0);
  });
});
