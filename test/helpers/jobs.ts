import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import type { ApiClient } from './api-client.ts';

const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

/**
 * Polls a job until `done` says so (by default: until it has ended), keeping every distinct state of
 * it seen on the way, so a test can assert on the progress it observed without assuming any timing.
 */
export async function pollJob(
  api: ApiClient,
  path: string,
  done: (job: any) => boolean = (job) => FINAL.has(job.status),
): Promise<{ job: any; seen: any[] }> {
  const seen: any[] = [];
  for (;;) {
    const response = await api.get(path);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.text}`);
    const last = seen.at(-1);
    if (!last || JSON.stringify(last) !== JSON.stringify(response.body)) seen.push(response.body);
    if (done(response.body)) return { job: response.body, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A website that accepts connections and never answers: a setup job on it stays in its analysis
 * without progress, which is what cancel and expiry tests need.
 */
export async function startSilentSite(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
