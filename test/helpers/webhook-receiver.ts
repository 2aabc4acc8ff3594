import type { IncomingMessage, ServerResponse } from 'node:http';
import { startServer } from './request-log-server.ts';

export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  rawBody: Buffer;
  /** The status this receiver answered, or null when it never answered. */
  answered: number | null;
}

type Behaviour = (request: ReceivedRequest, response: ServerResponse) => void;

const FIFTY_MB = 50 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

/**
 * A webhook receiver on 127.0.0.1 with one behaviour per path, keeping every request it got:
 * `/flaky` answers 503 to the first two requests of each event id and 200 to the next, `/ok` always
 * 200, `/hang` never answers, `/redirect` answers 301 to `redirectTo`, `/big` answers 200 with a
 * 50 MB body, written while the client keeps reading (`bigBytesWritten` says how far it got).
 */
export async function startWebhookReceiver(options: { redirectTo: string }) {
  const received: ReceivedRequest[] = [];
  const tries = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  let bigBytesWritten = 0;
  let bigClosed: Promise<void> = Promise.resolve();

  const behaviours: Record<string, Behaviour> = {
    '/flaky': (request, response) => {
      const eventId = String(request.headers['pds-event-id']);
      const n = (tries.get(eventId) ?? 0) + 1;
      tries.set(eventId, n);
      request.answered = n <= 2 ? 503 : 200;
      response.writeHead(request.answered).end(n <= 2 ? 'not now' : 'ok');
    },
    '/ok': (request, response) => {
      request.answered = 200;
      response.writeHead(200).end('ok');
    },
    '/hang': (_request, response) => {
      hanging.add(response);
    },
    '/redirect': (request, response) => {
      request.answered = 301;
      response.writeHead(301, { location: options.redirectTo }).end();
    },
    '/big': (request, response) => {
      request.answered = 200;
      response.writeHead(200, { 'content-type': 'text/plain' });
      bigClosed = new Promise((resolve) => response.on('close', () => resolve()));
      const write = () => {
        while (bigBytesWritten < FIFTY_MB && !response.destroyed) {
          bigBytesWritten += CHUNK.length;
          if (!response.write(CHUNK)) {
            response.once('drain', write);
            return;
          }
        }
        if (!response.destroyed) response.end();
      };
      write();
    },
  };

  const server = await startServer((message, response) => {
    const chunks: Buffer[] = [];
    message.on('data', (chunk: Buffer) => chunks.push(chunk));
    message.on('end', () => {
      const request: ReceivedRequest = {
        path: message.url ?? '',
        headers: message.headers,
        rawBody: Buffer.concat(chunks),
        answered: null,
      };
      received.push(request);
      const behaviour = behaviours[request.path];
      if (behaviour) behaviour(request, response);
      else response.writeHead(404).end();
    });
  });
  const { port } = server;
  return {
    port,
    url: (path: string) => `${server.origin}${path}`,
    received,
    bigBytesWritten: () => bigBytesWritten,
    bigClosed: () => bigClosed,
    fiftyMegabytes: FIFTY_MB,
    close: () => {
      for (const response of hanging) response.destroy();
      return server.close();
    },
  };
}

/** A server that only counts the requests it gets: where a redirect points, to show it is not followed. */
export async function startRequestCounter() {
  const server = await startServer((_message, response) => {
    response.writeHead(200).end('reached');
  });
  return { port: server.port, count: () => server.requests.length, close: server.close };
}
