import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where a running `npm start` records its engines, keyed by its PORT, so the admin CLI run in the
 * same directory with the same PORT finds that stack.
 */
export interface StackState {
  baseUrl: string;
  tableName: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  buckets: { data: string; exports: string };
  pid: number;
}

const stateFile = (directory: string, port: number) => join(directory, '.local', `stack-${port}.json`);

export async function writeStackState(directory: string, port: number, state: StackState): Promise<void> {
  await mkdir(join(directory, '.local'), { recursive: true });
  await writeFile(stateFile(directory, port), `${JSON.stringify(state, null, 2)}\n`);
}

export async function readStackState(directory: string, port: number): Promise<StackState | null> {
  try {
    return JSON.parse(await readFile(stateFile(directory, port), 'utf8')) as StackState;
  } catch {
    return null;
  }
}

export async function removeStackState(directory: string, port: number): Promise<void> {
  await rm(stateFile(directory, port), { force: true });
}
