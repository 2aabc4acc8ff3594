import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

/** The two Stripe endpoints the adapter calls, kept in memory. */
export class FakeStripe {
  readonly sessions = new Map<string, Record<string, unknown>>();
  readonly requests: SeenRequest[] = [];
  failWith: { status: number; type: string } | undefined;
  #next = 1;
  readonly server: Server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const url = new URL(request.url ?? '/', 'http://fake');
    this.requests.push({
      method: request.method ?? '',
      path: url.pathname,
      headers: request.headers,
      form: new URLSearchParams(body),
    });
    const reply = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.#next}` });
      response.end(JSON.stringify(payload));
    };
    if (this.failWith) {
      reply(this.failWith.status, { error: { type: this.failWith.type, message: 'internal details' } });
      return;
    }
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      reply(200, this.#create(new URLSearchParams(body)));
      return;
    }
    const id = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)?.[1];
    const session = id === undefined ? undefined : this.sessions.get(decodeURIComponent(id));
    if (request.method === 'GET' && session) {
      reply(200, session);
      return;
    }
    reply(404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such session' },
    });
  });

  #create(form: URLSearchParams) {
    const id = `cs_test_${this.#next++}`;
    const session = {
      id,
      object: 'checkout.session',
      mode: form.get('mode'),
      url: `https://checkout.stripe.test/c/pay/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
      currency: form.get('line_items[0][price_data][currency]'),
      client_reference_id: form.get('client_reference_id'),
      metadata: { customer_id: form.get('metadata[customer_id]'), topup_id: form.get('metadata[topup_id]') },
      success_url: form.get('success_url'),
      cancel_url: form.get('cancel_url'),
    };
    this.sessions.set(id, session);
    return session;
  }
}

/** Starts a fake on a free loopback port; `url` is what STRIPE_API_URL takes. */
export async function startFakeStripe(): Promise<{
  fake: FakeStripe;
  url: string;
  port: number;
  stop(): Promise<void>;
}> {
  const fake = new FakeStripe();
  fake.server.listen(0, '127.0.0.1');
  await once(fake.server, 'listening');
  const port = (fake.server.address() as AddressInfo).port;
  return {
    fake,
    port,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      fake.server.closeAllConnections();
      fake.server.close();
      await once(fake.server, 'close');
    },
  };
}
