import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, bodyOf, everyItem, pdsClient, retryAfterMs, UnreachableError } from './pds-client.ts';

let server: Server;
let baseUrl: string;
let requests = 0;
/** The Idempotency-Key of each POST the server read. */
let postKeys: (string | undefined)[] = [];
/** Answers the next requests to /v1/customers with these statuses (and Retry-After values). */
let busy: { status: number; retryAfter?: string }[] = [];
const FAST = { baseDelayMs: 1, maxDelayMs: 2_000 };

/** Resets the connection of every other request, as a server closing a kept-alive connection does. */
beforeAll(async () => {
  server = createServer((request, response) => {
    requests++;
    if (request.url === '/v1/customers') {
      const answer = busy.shift();
      if (answer) {
        response.statusCode = answer.status;
        if (answer.retryAfter) response.setHeader('retry-after', answer.retryAfter);
        return void response.end(JSON.stringify({ status: answer.status, code: 'RATE_LIMITED' }));
      }
      response.setHeader('content-type', 'application/json');
      return void response.end('[]');
    }
    if (request.method === 'POST') postKeys.push(request.headers['idempotency-key'] as string | undefined);
    if (requests % 2 === 1) return void request.socket.destroy();
    if (request.url === '/v1/projects') {
      response.setHeader('content-type', 'application/json');
      return void response.end(JSON.stringify([{ project_id: 'prj_1' }]));
    }
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname === '/v1/websites') {
      // Two pages: the first names the second in X-Next-Cursor, the second names none.
      const second = url.searchParams.get('cursor') === 'page-2';
      response.setHeader('content-type', 'application/json');
      if (!second) response.setHeader('x-next-cursor', 'page-2');
      return void response.end(JSON.stringify([{ website_id: second ? 'web_2' : 'web_1' }]));
    }
    response.statusCode = 404;
    response.setHeader('content-type', 'application/problem+json');
    response.end(JSON.stringify({ status: 404, code: 'PROJECT_NOT_FOUND', detail: 'No such project.' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => {
  server?.close();
});

describe('pdsClient', () => {
  it('reads again after a reset connection, and sends a change again only under the same Idempotency-Key', async () => {
    const client = pdsClient({ baseUrl, apiKey: 'pds_x', retry: FAST });
    requests = 0;
    expect(await bodyOf(client.GET('/projects'))).toEqual([{ project_id: 'prj_1' }]);
    expect(requests).toBe(2);
    requests = 0;
    postKeys = [];
    // Every other request is reset: the first POST is lost, its retry is answered (404 here).
    await expect(bodyOf(client.POST('/account/api-keys', { body: { name: 'ci' } }))).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(postKeys).toHaveLength(2);
    expect(postKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(postKeys[1]).toBe(postKeys[0]);
    postKeys = [];
    requests = 0;
    await bodyOf(client.POST('/account/api-keys', { body: { name: 'ci' } })).catch(() => undefined);
    expect(postKeys[0]).not.toBe(undefined);
    await bodyOf(
      client.POST('/account/api-keys', {
        body: { name: 'ci' },
        params: { header: { 'Idempotency-Key': 'mine-1' } },
      }),
    ).catch(() => undefined);
    expect(postKeys.at(-1)).toBe('mine-1');
  });

  it('gives up on a connection that keeps failing after its attempts', async () => {
    const closed = createServer((request) => request.socket.destroy());
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const client = pdsClient({
      baseUrl: `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`,
      apiKey: 'pds_x',
      retry: { ...FAST, attempts: 3 },
    });
    await expect(bodyOf(client.GET('/projects'))).rejects.toBeInstanceOf(UnreachableError);
    closed.close();
  });

  it('retries 429 and 5xx, waiting as Retry-After says, and stops at a Retry-After beyond its bound', async () => {
    const client = pdsClient({ baseUrl, apiKey: 'pds_x', retry: FAST });
    busy = [{ status: 429, retryAfter: '1' }, { status: 503 }];
    const started = Date.now();
    expect(await bodyOf(client.GET('/customers'))).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(busy).toEqual([]);

    busy = [{ status: 429, retryAfter: '120' }];
    const error = await bodyOf(client.GET('/customers')).catch((caught: unknown) => caught);
    expect((error as ApiError).problem).toMatchObject({ status: 429, code: 'RATE_LIMITED' });

    busy = [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }];
    const failed = await bodyOf(client.GET('/customers')).catch((caught: unknown) => caught);
    expect((failed as ApiError).problem.status).toBe(500);
    expect(busy).toHaveLength(1);
    busy = [];
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Fri, 27 Nov 2026 20:00:10 GMT', Date.parse('2026-11-27T20:00:00Z'))).toBe(10_000);
    expect(retryAfterMs('soon')).toBe(null);
    expect(retryAfterMs(null)).toBe(null);
  });

  it('reads every page of a list, following X-Next-Cursor until a page names none', async () => {
    const client = pdsClient({ baseUrl, apiKey: 'pds_x', retry: FAST });
    const websites = await everyItem((cursor) =>
      client.GET('/websites', { params: { query: { project_id: 'prj_1', cursor } } }),
    );
    expect(websites).toEqual([{ website_id: 'web_1' }, { website_id: 'web_2' }]);
  });

  it('throws the problem of an error status as an ApiError', async () => {
    const client = pdsClient({ baseUrl, apiKey: 'pds_x', retry: FAST });
    requests = 0;
    const error = await bodyOf(
      client.GET('/projects/{project_id}', { params: { path: { project_id: 'x' } } }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).problem).toMatchObject({ status: 404, code: 'PROJECT_NOT_FOUND' });
  });
});
