import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

/** One request the proxy carried: a CONNECT tunnel or an absolute-URI request it forwarded. */
export interface ProxiedRequest {
  method: 'CONNECT' | 'FORWARD';
  /** host:port of the target. */
  target: string;
}

export interface TestProxy {
  /** http://user:password@127.0.0.1:port (without credentials when it asks for none). */
  url: string;
  /** 127.0.0.1:port, for the crawler's allow-list. */
  host: string;
  /** Requests it carried; refused ones (407) are not in it. */
  carried: ProxiedRequest[];
  /** Requests it answered 407. */
  refused: number;
  /** Local ports of the connections it opened to targets: a target sees requests from these. */
  upstreamPorts: Set<number>;
  close(): Promise<void>;
}

/**
 * A small real HTTP proxy on 127.0.0.1, as a shop-side corporate or residential proxy would behave:
 * CONNECT tunnels and absolute-URI forwarding, each checked against its Basic credentials (407
 * without them), so tests see what went through it.
 */
export async function startTestProxy(credentials?: { user: string; password: string }): Promise<TestProxy> {
  const expected = credentials
    ? `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`
    : null;
  const carried: ProxiedRequest[] = [];
  const upstreamPorts = new Set<number>();
  let refused = 0;
  const authorised = (headers: http.IncomingHttpHeaders): boolean =>
    expected === null || headers['proxy-authorization'] === expected;
  const sockets = new Set<net.Socket>();

  const server = http.createServer((request, response) => {
    if (!authorised(request.headers)) {
      refused++;
      response.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const target = URL.parse(request.url ?? '');
    if (target === null || target.protocol !== 'http:') {
      response.writeHead(400).end('absolute http URI expected');
      return;
    }
    carried.push({ method: 'FORWARD', target: target.host });
    const { 'proxy-authorization': _auth, 'proxy-connection': _connection, ...headers } = request.headers;
    const upstream = http.request(
      target,
      { method: request.method, headers: { ...headers, host: target.host }, agent: false },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('socket', (socket) =>
      socket.on('connect', () => {
        if (socket.localPort !== undefined) upstreamPorts.add(socket.localPort);
      }),
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });

  server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (!authorised(request.headers)) {
      refused++;
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n',
      );
      return;
    }
    const [host, port] = (request.url ?? '').split(':');
    carried.push({ method: 'CONNECT', target: request.url ?? '' });
    const upstream = net.connect(Number(port), host, () => {
      if (upstream.localPort !== undefined) upstreamPorts.add(upstream.localPort);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
  });
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;
  const userInfo = credentials
    ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@`
    : '';
  return {
    url: `http://${userInfo}${host}`,
    host,
    carried,
    upstreamPorts,
    get refused() {
      return refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on: that of a server just closed, as a proxy that is down. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
