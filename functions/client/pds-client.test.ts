import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, bodyOf, everyItem, pdsClient, UnreachableError } from './pds-client.ts';

let server: Server;
let baseUrl: string;
let requests = 0;

/** Resets the connection of every other request, as a server closing a kept-alive connection does. */
beforeAll(async () => {
  server = createServer((request, response) => {
    requests++;
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
  it('reads again after a reset connection, but does not send a change twice', async () => {
    const client = pdsClient({ baseUrl, apiKey: 'pds_x' });
    requests = 0;
    expect(await bodyOf(client.GET('/projects'))).toEqual([{ project_id: 'prj_1' }]);
    expect(requests).toBe(2);
    requests = 0;
    await expect(bodyOf(client.POST('/account/api-keys', { body: { name: 'ci' } }))).rejects.toBeInstanceOf(
      UnreachableError,
    );
    expect(requests).toBe(1);
  });

  it('reads every page of a list, following X-Next-Cursor until a page names none', async () => {
    const client = pdsClient({ baseUrl, apiKey: 'pds_x' });
    const websites = await everyItem((cursor) =>
      client.GET('/websites', { params: { query: { project_id: 'prj_1', cursor } } }),
    );
    expect(websites).toEqual([{ website_id: 'web_1' }, { website_id: 'web_2' }]);
  });

  it('throws the problem of an error status as an ApiError', async () => {
    const client = pdsClient({ baseUrl, apiKey: 'pds_x' });
    requests = 0;
    const error = await bodyOf(
      client.GET('/projects/{project_id}', { params: { path: { project_id: 'x' } } }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).problem).toMatchObject({ status: 404, code: 'PROJECT_NOT_FOUND' });
  });
});
