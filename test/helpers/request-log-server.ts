import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createFetcher, type FetcherOptions, type PageFetcher } from '#crawl/index';

export interface LoggedRequest {
  path: string;
  userAgent: string | undefined;
  acceptEncoding: string | undefined;
  /** performance.now() when the server got the request and when the response finished. */
  startedAt: number;
  endedAt: number | null;
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** A real HTTP server on 127.0.0.1 that logs every request with its timing, for politeness asserts. */
export interface RequestLogServer {
  origin: string;
  /** `127.0.0.1:<port>`, the allow-list entry for this server. */
  host: string;
  port: number;
  requests: LoggedRequest[];
  paths(): string[];
  /** Most requests that were in flight at the same time. */
  maxInFlight(): number;
  close(): Promise<void>;
}

export async function startServer(
  handler: Handler,
  options: { keepAliveTimeoutMs?: number } = {},
): Promise<RequestLogServer> {
  const requests: LoggedRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((request, response) => {
    const entry: LoggedRequest = {
      path: request.url ?? '',
      userAgent: request.headers['user-agent'],
      acceptEncoding: request.headers['accept-encoding'],
      startedAt: performance.now(),
      endedAt: null,
    };
    requests.push(entry);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      entry.endedAt = performance.now();
      inFlight--;
    };
    response.on('finish', end);
    response.on('close', end);
    Promise.resolve(handler(request, response)).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    port,
    requests,
    paths: () => requests.map((request) => request.path),
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers from a path table; unknown paths get 404 (so robots.txt means "no rules" unless given). */
export function routes(table: Record<string, Handler>): Handler {
  return (request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const route = table[path];
    if (route) return route(request, response);
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  };
}

export function text(body: string | Uint8Array, headers: Record<string, string> = {}): Handler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
  };
}

export function redirect(location: string, status = 302): Handler {
  return (_request, response) => {
    response.writeHead(status, { location }).end();
  };
}

export function delayed(ms: number, handler: Handler): Handler {
  return (request, response) =>
    new Promise<void>((resolve) => {
      setTimeout(() => {
        if (!response.destroyed) void handler(request, response);
        resolve();
      }, ms);
    });
}

/** A fetcher that may reach the given test servers, with short waits so retries stay quick. */
export function testFetcher(servers: RequestLogServer[], options: FetcherOptions = {}): PageFetcher {
  return createFetcher({
    allowedHosts: servers.map((server) => server.host),
    minDelayMs: 0,
    retryBaseDelayMs: 20,
    maxRetryDelayMs: 2_000,
    timeoutMs: 2_000,
    ...options,
  });
}

/** Closes everything a test opened, in reverse order, after the test. */
export class Cleanup {
  private readonly tasks: Array<() => Promise<void>> = [];

  add<T extends { close(): Promise<void> }>(resource: T): T {
    this.tasks.push(() => resource.close());
    return resource;
  }

  async run(): Promise<void> {
    for (const task of this.tasks.splice(0).reverse()) await task();
  }
}
