import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'aws-lambda';
import { Problem } from '#core/problem';
import { matchRoute, type RouteMatch } from '#http/route-match';
import { handler as notFoundHandler } from '#http/route-not-found';
import type { HttpEvent } from '#platform/http-event';
import type { HttpResponse } from '#platform/http-response';
import { problemResponse } from '#platform/problem-response';
import { API_VERSION, routeKey } from '#platform/routes';
import {
  buildConsole,
  CONSOLE_CONTENT_SECURITY_POLICY,
  CONSOLE_PATH,
  type ConsoleFile,
} from '../console/build-console.ts';

/** API Gateway's own payload limit; the local server refuses the same. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

type Handler = (event: HttpEvent, context: Context) => Promise<HttpResponse>;

const handlers = new Map<string, Promise<Handler>>();

function loadHandler(name: string): Promise<Handler> {
  let loaded = handlers.get(name);
  if (!loaded) {
    loaded = import(/* @vite-ignore */ new URL(`../functions/http/${name}.ts`, import.meta.url).href).then(
      (module: { handler: Handler }) => module.handler,
    );
    handlers.set(name, loaded);
  }
  return loaded;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Problem('PAYLOAD_TOO_LARGE', 'The body exceeds 10 MiB.'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Builds the API Gateway HTTP API (payload 2.0) event that Lambda would receive for this request. */
function toEvent(
  request: IncomingMessage,
  url: URL,
  matched: RouteMatch | null,
  body: Buffer,
  requestId: string,
): HttpEvent {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // API Gateway writes the forwarding headers itself; a caller's own are not passed on.
  headers['x-forwarded-proto'] = 'http';
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = name in query ? `${query[name]},${value}` : value;
  const key = matched ? routeKey(matched.route) : '$default';
  const contentType = headers['content-type'] ?? '';
  const textual =
    body.length === 0 || /json|text|x-www-form-urlencoded|xml/i.test(contentType) || contentType === '';
  const now = new Date();
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters:
      matched && Object.keys(matched.pathParameters).length ? matched.pathParameters : undefined,
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      // As in API Gateway, the domain the API serves on, never the caller's Host header.
      domainName: `${request.socket.localAddress ?? '127.0.0.1'}:${request.socket.localPort ?? 0}`,
      domainPrefix: 'local',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: key,
      stage: API_VERSION,
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
}

function lambdaContext(requestId: string, functionName: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    awsRequestId: requestId,
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function send(response: ServerResponse, result: HttpResponse): void {
  const body = result.body === undefined ? '' : result.body;
  const bytes = result.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  for (const [name, value] of Object.entries(result.headers ?? {})) response.setHeader(name, String(value));
  response.setHeader('content-length', bytes.length);
  response.writeHead(result.statusCode);
  response.end(bytes);
}

let consoleFiles: Map<string, ConsoleFile> | undefined;

/** A console file by request path (`/console` and `/console/` are its page), built on first use. */
function consoleFile(pathname: string): ConsoleFile | undefined {
  if (pathname !== CONSOLE_PATH && !pathname.startsWith(`${CONSOLE_PATH}/`)) return undefined;
  consoleFiles ??= new Map(buildConsole().map((file) => [file.name, file]));
  const name = pathname.slice(CONSOLE_PATH.length + 1) || 'index.html';
  return consoleFiles.get(name);
}

function sendConsoleFile(response: ServerResponse, file: ConsoleFile): void {
  response.writeHead(200, {
    'content-type': file.type,
    'content-length': file.body.length,
    'content-security-policy': CONSOLE_CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-cache',
  });
  response.end(file.body);
}

async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const requestId = randomUUID();
  try {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const page = request.method === 'GET' ? consoleFile(url.pathname) : undefined;
    if (page) return sendConsoleFile(response, page);
    const prefix = `/${API_VERSION}`;
    const path = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : null;
    const match = path === null ? null : matchRoute(request.method ?? 'GET', path);
    const matched = match && 'route' in match ? match : null;
    const body = await readBody(request);
    const event = toEvent(request, url, matched, body, requestId);
    // Like API Gateway's $default route: what no route serves goes to the not-found handler.
    const handler = matched ? await loadHandler(matched.route.handler) : notFoundHandler;
    const name = matched ? matched.route.handler.replaceAll('/', '-') : 'route-not-found';
    send(response, await handler(event, lambdaContext(requestId, name)));
  } catch (error) {
    send(
      response,
      problemResponse(error, requestId, `http://127.0.0.1:${request.socket.localPort}/${API_VERSION}/docs`),
    );
  }
}

export interface RunningApi {
  baseUrl: string;
  port: number;
  server: Server;
  stop(): Promise<void>;
}

/** The local stand-in for API Gateway: the same events, the same handlers, on 127.0.0.1. */
export async function startApiServer(port: number): Promise<RunningApi> {
  const server = createServer((request, response) => {
    void serve(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${actualPort}/${API_VERSION}`,
    port: actualPort,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
