import { once } from 'node:events';
import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Fault {
  status: number;
  contentType: string;
  body: string;
}

/**
 * A pass-through proxy in front of a local engine (DynamoDB Local, the S3 fake) that answers chosen
 * requests with a failure instead, so tests can show what the API answers when AWS has an outage.
 * Requests are forwarded byte for byte, Host header included, so signatures still match.
 */
export async function startFaultProxy(target: string) {
  const upstream = new URL(target);
  let failWhen: ((request: SeenRequest) => Fault | undefined) | undefined;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const fault = failWhen?.({
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      body: body.toString('utf8'),
    });
    if (fault) {
      response.writeHead(fault.status, { 'content-type': fault.contentType });
      response.end(fault.body);
      return;
    }
    const proxied = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    proxied.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    proxied.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Fails the requests this answers a fault for; undefined lets everything through again. */
    failWhen(rule: ((request: SeenRequest) => Fault | undefined) | undefined) {
      failWhen = rule;
    },
    /**
     * Stops listening, as an engine that stops does: connections are cut and new ones refused
     * (ECONNREFUSED), until `listenAgain` takes the same port back.
     */
    async refuseConnections() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
    async listenAgain() {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    async stop() {
      if (!server.listening) return;
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** DynamoDB's answer when it cannot serve a request (after which the SDK gives up retrying). */
export const DYNAMODB_INTERNAL_ERROR: Fault = {
  status: 500,
  contentType: 'application/x-amz-json-1.0',
  body: JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'outage' }),
};

export const s3Error = (status: number, code: string): Fault => ({
  status,
  contentType: 'application/xml',
  body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
});
