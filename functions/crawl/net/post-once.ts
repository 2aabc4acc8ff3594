import { Agent, request } from 'undici';
import type { PostOutcome } from '#core/post-outcome';
import {
  assertUrlAllowed,
  createGuardedConnect,
  type HostAllowList,
  SsrfBlockedError,
} from './ssrf-guard.ts';

export interface PostResult {
  outcome: PostOutcome;
  statusCode: number | null;
  error: string | null;
}

export interface PosterOptions {
  allowList: HostAllowList;
  /** The whole exchange: connection, request, answer headers and body. */
  timeoutMs: number;
  /** The most answer bytes read; a longer answer is cut off and fails. */
  maxResponseBytes: number;
}

function ssrfCause(error: unknown): SsrfBlockedError | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof SsrfBlockedError) return cause;
  }
  return null;
}

/**
 * POSTs to URLs outside the service the way the crawler fetches: every connection through the SSRF
 * guard, one exchange per call with no redirect followed (a 3xx is an answer, not a way on), a time
 * limit over the whole exchange, and at most `maxResponseBytes` of the answer read before the
 * connection is dropped, so an endless answer costs nothing.
 */
export function createPoster(options: PosterOptions) {
  const agent = new Agent({
    connect: createGuardedConnect({ allowList: options.allowList, timeoutMs: options.timeoutMs }),
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });

  async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<boolean> {
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > options.maxResponseBytes) {
        body.destroy();
        return false;
      }
    }
    return true;
  }

  return async function postOnce(
    url: URL,
    headers: Record<string, string>,
    body: string,
  ): Promise<PostResult> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    try {
      assertUrlAllowed(url, options.allowList);
      const response = await request(url, {
        dispatcher: agent,
        method: 'POST',
        headers,
        body,
        signal: timeout,
      });
      const statusCode = response.statusCode;
      const declared = Number(response.headers['content-length']);
      const withinCap =
        !(declared > options.maxResponseBytes) &&
        (await readCapped(response.body as unknown as AsyncIterable<Buffer> & { destroy(): unknown }));
      if (!withinCap) {
        response.body.destroy();
        return {
          outcome: 'RESPONSE_TOO_LARGE',
          statusCode,
          error: `answer longer than ${options.maxResponseBytes} bytes`,
        };
      }
      if (statusCode >= 200 && statusCode < 300) return { outcome: 'ACCEPTED', statusCode, error: null };
      if (statusCode >= 300 && statusCode < 400) {
        return { outcome: 'REDIRECT', statusCode, error: 'redirects are not followed' };
      }
      return { outcome: 'HTTP_ERROR', statusCode, error: null };
    } catch (error) {
      const blocked = ssrfCause(error);
      if (blocked) return { outcome: 'ADDRESS_NOT_ALLOWED', statusCode: null, error: blocked.message };
      if (timeout.aborted) {
        return {
          outcome: 'TIMEOUT',
          statusCode: null,
          error: `no complete answer within ${options.timeoutMs} ms`,
        };
      }
      const code = (error as { code?: unknown }).code;
      const message = error instanceof Error ? error.message : String(error);
      return {
        outcome: 'CONNECTION_FAILED',
        statusCode: null,
        error: code ? `${code}: ${message}` : message,
      };
    }
  };
}

export type PostOnce = ReturnType<typeof createPoster>;
