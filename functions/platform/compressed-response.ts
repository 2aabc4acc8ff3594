import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { HttpResponse } from './http-response.ts';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The best encoding the caller accepts (RFC 9110 12.5.3): brotli, then gzip, else none; q=0 refuses one. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  const accepted = new Map(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*q=/),
      )
      .filter(([name]) => name)
      .map(([name, quality]) => [name as string, quality === undefined ? 1 : Number(quality)]),
  );
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

export function encodeBody(body: string, encoding: ContentEncoding): Buffer {
  const bytes = Buffer.from(body, 'utf8');
  if (encoding === 'br')
    // Quality 5: most of brotli's gain at a fraction of quality 11's time, which a cold start pays.
    return brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
  if (encoding === 'gzip') return gzipSync(bytes, { level: 9 });
  return bytes;
}

/**
 * A large, rarely changing text answer (the API reference) in the encoding the caller accepts,
 * encoded once per instance and encoding, with the cache policy given.
 */
export function compressedText(
  body: string,
  { contentType, cacheControl }: { contentType: string; cacheControl: string },
): (acceptEncoding: string | undefined) => HttpResponse {
  const encoded = new Map<ContentEncoding, string>();
  return (acceptEncoding) => {
    const encoding = preferredEncoding(acceptEncoding);
    let base64 = encoded.get(encoding);
    if (base64 === undefined) {
      base64 = encodeBody(body, encoding).toString('base64');
      encoded.set(encoding, base64);
    }
    return {
      statusCode: 200,
      headers: {
        'content-type': contentType,
        'cache-control': cacheControl,
        vary: 'accept-encoding',
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      },
      body: base64,
      isBase64Encoded: true,
    };
  };
}
