import { type Duplex, pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { type Dispatcher, request } from 'undici';

export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`body exceeds ${limitBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

export class RequestTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no complete response within ${timeoutMs} ms`);
    this.name = 'RequestTimeoutError';
  }
}

export class UnsupportedEncodingError extends Error {
  constructor(readonly encoding: string) {
    super(`unsupported content-encoding ${encoding}`);
    this.name = 'UnsupportedEncodingError';
  }
}

export const ACCEPTED_ENCODINGS = 'gzip, deflate, br';

export interface ExchangeOptions {
  dispatcher: Dispatcher;
  headers: Record<string, string>;
  /** Whole exchange: connect, headers and body. */
  timeoutMs: number;
  /** Limit on the decoded body, so compression bombs are cut as early as large bodies. */
  maxBodyBytes: number;
  /** A body beyond the limit fails with BodyTooLargeError, or is cut to its first maxBodyBytes. */
  overflow: 'fail' | 'truncate';
  signal?: AbortSignal;
}

export interface Exchange {
  status: number;
  headers: Record<string, string>;
  /** Decoded body of a 2xx response; empty for any other status. */
  bytes: Uint8Array;
  truncated: boolean;
}

/** One GET, no redirects followed. Only 2xx bodies are read; others are drained for reuse. */
export async function exchange(url: URL, options: ExchangeOptions): Promise<Exchange> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await request(url, {
      dispatcher: options.dispatcher,
      method: 'GET',
      headers: options.headers,
      signal,
    });
    const headers = flattenHeaders(response.headers);
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await response.body.dump();
      return { status: response.statusCode, headers, bytes: new Uint8Array(0), truncated: false };
    }
    const { bytes, truncated } = await readBody(response.body, headers, options).catch((error: unknown) => {
      response.body.destroy();
      throw error;
    });
    return { status: response.statusCode, headers, bytes, truncated };
  } catch (error) {
    if (timeout.aborted && !options.signal?.aborted) throw new RequestTimeoutError(options.timeoutMs);
    throw error;
  }
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

async function readBody(
  body: Readable,
  headers: Record<string, string>,
  options: ExchangeOptions,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const decoders = decodersFor(headers['content-encoding']);
  const declaredLength = Number(headers['content-length']);
  if (options.overflow === 'fail' && decoders.length === 0 && declaredLength > options.maxBodyBytes) {
    throw new BodyTooLargeError(options.maxBodyBytes);
  }
  // Errors reach the loop through the last stream; the callback only keeps pipeline from throwing.
  const stream = decoders.length > 0 ? pipeline([body, ...decoders], () => {}) : body;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const room = options.maxBodyBytes - size;
    if (chunk.length > room) {
      if (options.overflow === 'fail') throw new BodyTooLargeError(options.maxBodyBytes);
      chunks.push(chunk.subarray(0, room));
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { bytes: Buffer.concat(chunks, size), truncated: false };
}

// Lenient flushing, as browsers do: a stream cut short still yields what it decoded.
const ZLIB_LENIENT = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
const BROTLI_LENIENT = {
  flush: zlib.constants.BROTLI_OPERATION_FLUSH,
  finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
};

/** Decoders in the order to apply them: codings are listed in the order the server applied them. */
function decodersFor(contentEncoding: string | undefined): Duplex[] {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  return codings.reverse().map((coding) => {
    switch (coding) {
      case 'gzip':
      case 'x-gzip':
        return zlib.createGunzip(ZLIB_LENIENT);
      case 'deflate':
        return zlib.createInflate(ZLIB_LENIENT);
      case 'br':
        return zlib.createBrotliDecompress(BROTLI_LENIENT);
      default:
        throw new UnsupportedEncodingError(coding);
    }
  });
}
