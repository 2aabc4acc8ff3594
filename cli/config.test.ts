import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { UsageError } from './usage-error.ts';

let home: string;
let empty: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'pds-config-'));
  empty = await mkdtemp(join(tmpdir(), 'pds-empty-'));
  await mkdir(join(home, 'pds'));
  await writeFile(
    join(home, 'pds', 'config.json'),
    JSON.stringify({ base_url: 'http://stored/v1', api_key: 'pds_stored', project_id: 'prj_stored' }),
  );
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(empty, { recursive: true, force: true });
});

describe('readConfig', () => {
  it('takes PDS_BASE_URL, PDS_API_KEY and PDS_PROJECT over what login stored', async () => {
    expect(await readConfig({ XDG_CONFIG_HOME: home, PDS_API_KEY: 'pds_env' })).toEqual({
      base_url: 'http://stored/v1',
      api_key: 'pds_env',
      project_id: 'prj_stored',
    });
    expect(
      await readConfig({
        XDG_CONFIG_HOME: home,
        PDS_BASE_URL: 'http://env/v1',
        PDS_API_KEY: 'pds_env',
        PDS_PROJECT: 'prj_env',
      }),
    ).toEqual({ base_url: 'http://env/v1', api_key: 'pds_env', project_id: 'prj_env' });
  });

  it('needs no login when both variables are set, and names what is missing otherwise', async () => {
    expect(
      await readConfig({ XDG_CONFIG_HOME: empty, PDS_BASE_URL: 'http://env/v1', PDS_API_KEY: 'pds_env' }),
    ).toEqual({ base_url: 'http://env/v1', api_key: 'pds_env' });
    const missing = await readConfig({ XDG_CONFIG_HOME: empty, PDS_BASE_URL: 'http://env/v1' }).catch(
      (error: unknown) => error,
    );
    expect(missing).toBeInstanceOf(UsageError);
    expect((missing as Error).message).toContain('the API key (PDS_API_KEY)');
    expect((missing as Error).message).toContain('pds login');
  });
});
