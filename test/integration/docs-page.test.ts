import { readFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/start-stack';
import { type ApiClient, apiClient } from '#test/api-client';
import { startTestStack } from '#test/test-stack';

let stack: RunningStack;
let api: ApiClient;

beforeAll(async () => {
  stack = await startTestStack();
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
});

const dataUrls = (page: string, type: string): string[] =>
  [...page.matchAll(new RegExp(`data:${type};base64,([A-Za-z0-9+/=]+)`, 'g'))].map((match) =>
    Buffer.from(match[1] as string, 'base64').toString('utf8'),
  );

describe('GET /docs', () => {
  it('serves the API reference without a key, with Swagger UI inside the page and nothing from elsewhere', async () => {
    const response = await api.get('/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = response.text;
    const bundle = await readFile(
      createRequire(import.meta.url).resolve('swagger-ui-dist/swagger-ui-bundle.js'),
      'utf8',
    );
    const [script, start] = dataUrls(page, 'text/javascript');
    expect(script).toBe(bundle);
    expect(dataUrls(page, 'text/css')[0]).toContain('.swagger-ui');
    // Every src and href is a data URL: the page works offline, with no CDN.
    const links = [...page.matchAll(/(?:src|href)="([^"]*)"/g)].map((match) => match[1] as string);
    expect(links.length).toBe(3);
    for (const link of links) expect(link).toMatch(/^data:/);
    expect(start).toContain("url: 'openapi.json'");
  });

  it('renders the document served beside it: openapi.json relative to /v1/docs', async () => {
    const documentUrl = new URL('openapi.json', `${stack.baseUrl}/docs`);
    expect(documentUrl.href).toBe(`${stack.baseUrl}/openapi.json`);
    const document = await fetch(documentUrl);
    expect(document.status).toBe(200);
    expect((await document.json()).paths['/docs']).toBeDefined();
  });

  it('sends the page and the document compressed, with cache headers, and plain to a caller that asks so', async () => {
    for (const path of ['/docs', '/openapi.json']) {
      const url = `${stack.baseUrl}${path}`;
      const raw = async (acceptEncoding: string) =>
        new Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
          get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
          }).on('error', reject);
        });
      const plain = await raw('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      const brotli = await raw('gzip, deflate, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(brotli.bytes).equals(plain.bytes)).toBe(true);
      expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 2);
      const gzip = await raw('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
    }
  });

  it('names the base URL it was asked on as the server, so "Try it out" calls this stage', async () => {
    const document = await (await fetch(`${stack.baseUrl}/openapi.json`)).json();
    expect(document.servers).toEqual([{ url: stack.baseUrl, description: 'This stage' }]);
  });

  it("gives each problem a type URL that resolves to its row on this stage's docs page", async () => {
    const refused = await api.get('/account');
    expect(refused.status).toBe(401);
    expect(refused.body.type).toBe(`${stack.baseUrl}/docs#problem-not-authenticated`);
    const unknown = await fetch(`${stack.baseUrl}/no-such-route`);
    expect((await unknown.json()).type).toBe(`${stack.baseUrl}/docs#problem-route-not-found`);
    const page = await (await fetch(refused.body.type)).text();
    expect(page).toContain(
      '<tr id="problem-not-authenticated"><td><code>NOT_AUTHENTICATED</code></td><td>401</td>',
    );
  });
});
