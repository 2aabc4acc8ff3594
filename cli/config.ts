import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { UsageError } from './usage-error.ts';

/** What `pds login` stores: where the API is and the key to call it with. */
export interface PdsConfig {
  base_url: string;
  api_key: string;
  /** The project commands use when none is passed with --project. */
  project_id?: string;
}

/** `$XDG_CONFIG_HOME/pds/config.json`, else `~/.config/pds/config.json`. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'pds', 'config.json');
}

/**
 * The settings `pds` calls the API with: PDS_BASE_URL, PDS_API_KEY and PDS_PROJECT where set (a CI job
 * needs no login), else what `pds login` stored.
 */
export async function readConfig(env: NodeJS.ProcessEnv = process.env): Promise<PdsConfig> {
  const path = configPath(env);
  const stored = await readStoredConfig(path);
  const config: Partial<PdsConfig> = {
    ...stored,
    ...(env.PDS_BASE_URL ? { base_url: env.PDS_BASE_URL } : {}),
    ...(env.PDS_API_KEY ? { api_key: env.PDS_API_KEY } : {}),
    ...(env.PDS_PROJECT ? { project_id: env.PDS_PROJECT } : {}),
  };
  if (!config.base_url || !config.api_key) {
    const missing = [
      ...(config.base_url ? [] : ['the base URL (PDS_BASE_URL)']),
      ...(config.api_key ? [] : ['the API key (PDS_API_KEY)']),
    ].join(' and ');
    const where = stored ? `${path} lacks ${missing}` : `Not logged in (no ${path}, no ${missing})`;
    throw new UsageError(`${where}. Run: pds login --url <base URL> --key <API key>`);
  }
  return config as PdsConfig;
}

async function readStoredConfig(path: string): Promise<Partial<PdsConfig> | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Partial<PdsConfig>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The key is a secret: the file is readable by its owner only, whatever the umask. */
export async function writeConfig(config: PdsConfig): Promise<string> {
  const path = configPath();
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
  return path;
}
