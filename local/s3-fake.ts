import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface RunningS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts the S3 fake on a free loopback port with the given buckets; files live in `dataDir` or a temp dir. */
export async function startS3Fake(options: { buckets: string[]; dataDir?: string }): Promise<RunningS3> {
  const directory = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'pds-s3-')));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [] })),
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      await server.close();
      if (!options.dataDir) await rm(directory, { recursive: true, force: true });
    },
  };
}
