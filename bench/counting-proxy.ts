import { once } from 'node:events';
import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through proxy in front of a local engine (the S3 fake) that counts what reaches it: the
 * requests, the body bytes sent to it and the body bytes it answers. Requests are forwarded byte for
 * byte, Host header included, so signatures still match.
 */
export async function startCountingProxy(target: string) {
  const upstream = new URL(target);
  const counted = { requests: 0, bytesIn: 0, bytesOut: 0 };
  const server = createServer((request, response) => {
    counted.requests++;
    request.on('data', (chunk: Buffer) => {
      counted.bytesIn += chunk.byteLength;
    });
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
        answer.on('data', (chunk: Buffer) => {
          counted.bytesOut += chunk.byteLength;
        });
        answer.pipe(response);
      },
    );
    proxied.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(proxied);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reset() {
      counted.requests = 0;
      counted.bytesIn = 0;
      counted.bytesOut = 0;
    },
    counted: () => ({ ...counted }),
    async stop() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
