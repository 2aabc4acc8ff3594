import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cliPackage from './package.json' with { type: 'json' };

const run = promisify(execFile);
let place: string;
let pds: string;

/** The packed pds-cli package installed globally into a prefix of its own, away from the repository. */
beforeAll(async () => {
  place = await mkdtemp(join(tmpdir(), 'pds-install-'));
  // The global setup built cli/dist; packing without its prepack leaves the files other tests run alone.
  await run('npm', ['pack', './cli', '--pack-destination', place, '--silent', '--ignore-scripts']);
  const tarball = join(place, `pds-cli-${cliPackage.version}.tgz`);
  await run(
    'npm',
    [
      'install',
      '--global',
      '--prefix',
      join(place, 'prefix'),
      '--offline',
      '--no-audit',
      '--no-fund',
      tarball,
    ],
    { cwd: place },
  );
  pds = join(place, 'prefix', 'bin', 'pds');
}, 120_000);

afterAll(async () => {
  if (place) await rm(place, { recursive: true, force: true });
});

describe('the pds-cli package', () => {
  it('installs with npm install -g and runs outside the repository', async () => {
    const version = await run(pds, ['--version'], { cwd: place });
    expect(version.stdout).toBe(`pds ${cliPackage.version}\n`);
    const help = await run(pds, ['--help'], { cwd: place });
    expect(help.stdout).toContain('Usage: pds <command>');
  });

  it('serves its MCP tools from the installed files', async () => {
    const client = new Client({ name: 'pds-package-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: pds,
        args: ['mcp'],
        cwd: place,
        env: {
          PATH: process.env.PATH ?? '',
          XDG_CONFIG_HOME: place,
          PDS_BASE_URL: 'http://127.0.0.1:9/v1',
          PDS_API_KEY: 'pds_x',
          PDS_PROJECT: 'prj_x',
        },
        stderr: 'pipe',
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('approve_job');
    } finally {
      await client.close();
    }
  });
});
