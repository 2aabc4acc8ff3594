import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonLinesRange } from './json-lines-range.ts';

const ROWS = 20_000;
const FILE = Buffer.from(
  Array.from(
    { length: ROWS },
    (_, index) => `${JSON.stringify({ row: index, name: `Product ${index}` })}\n`,
  ).join(''),
);
let server: Server;
let origin: string;
let bytesSent = 0;

/** Serves FILE at /ranged honouring Range (as S3 does) and at /whole ignoring it. */
beforeAll(async () => {
  server = createServer((request, response) => {
    const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    if (request.url === '/ranged' && range) {
      const from = Number(range[1]);
      if (from >= FILE.length) {
        response.statusCode = 416;
        return void response.end();
      }
      const to = Math.min(range[2] ? Number(range[2]) : FILE.length - 1, FILE.length - 1);
      response.statusCode = 206;
      response.setHeader('content-range', `bytes ${from}-${to}/${FILE.length}`);
      bytesSent += to - from + 1;
      return void response.end(FILE.subarray(from, to + 1));
    }
    response.end(FILE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
});

describe('readJsonLinesRange', () => {
  it('reads the first rows of a large file with one small range', async () => {
    bytesSent = 0;
    const page = await readJsonLinesRange(`${origin}/ranged`, { limit: 5 });
    expect(page.rows.map((row) => row.row)).toEqual([0, 1, 2, 3, 4]);
    expect(bytesSent).toBeLessThan(FILE.length / 5);
    expect(page.bytes_read).toBe(bytesSent);
    const next = await readJsonLinesRange(`${origin}/ranged`, { start: page.next_offset ?? -1, limit: 3 });
    expect(next.rows.map((row) => row.row)).toEqual([5, 6, 7]);
  });

  it('grows its ranges for many rows and ends at the end of the file', async () => {
    const many = await readJsonLinesRange(`${origin}/ranged`, { limit: 3000 });
    expect(many.rows).toHaveLength(3000);
    expect(many.rows.at(-1)).toEqual({ row: 2999, name: 'Product 2999' });
    const lastStart = FILE.lastIndexOf('{"row":19998');
    const tail = await readJsonLinesRange(`${origin}/ranged`, { start: lastStart, limit: 10 });
    expect(tail.rows.map((row) => row.row)).toEqual([19998, 19999]);
    expect(tail.next_offset).toBe(null);
    const past = await readJsonLinesRange(`${origin}/ranged`, { start: FILE.length, limit: 10 });
    expect(past).toMatchObject({ rows: [], next_offset: null });
  });

  it('cuts a server that ignores Range off once the rows are in', async () => {
    const page = await readJsonLinesRange(`${origin}/whole`, { start: 0, limit: 2 });
    expect(page.rows.map((row) => row.row)).toEqual([0, 1]);
    expect(page.next_offset).toBe(FILE.indexOf('{"row":2,'));
  });
});
