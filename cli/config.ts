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

export async function readConfig(): Promise<PdsConfig> {
  const path = configPath();
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new UsageError(`Not logged in (no ${path}). Run: pds login --url <base URL> --key <API key>`);
    throw error;
  }
  const config = JSON.parse(text) as Partial<PdsConfig>;
  if (!config.base_url || !config.api_key)
    throw new UsageError(
      `${path} lacks base_url or api_key. Run: pds login --url <base URL> --key <API key>`,
    );
  return config as PdsConfig;
}

/** The key is a secret: the file is readable by its owner only, whatever the umask. */
export async function writeConfig(config: PdsConfig): Promise<string> {
  const path = configPath();
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
  return path;
}
