import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Unauthorized } from '#core/problem';

export interface PresentedCredential {
  key: string;
  /** The key came in the deprecated `token` header or query parameter. */
  deprecated: boolean;
}

/**
 * The key a request presents: `Authorization: Bearer`, or the deprecated `token` header or query.
 * Two different keys in one request are refused rather than guessed between.
 */
export function presentedCredential(event: APIGatewayProxyEventV2): PresentedCredential | null {
  const headers = event.headers ?? {};
  const authorization = headers.authorization?.trim();
  const bearer = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
  if (authorization && !bearer) {
    throw Unauthorized('NOT_AUTHENTICATED', 'The Authorization header must be "Bearer <API key>".');
  }
  const candidates = [
    bearer ? { key: bearer, deprecated: false } : null,
    headers.token ? { key: headers.token.trim(), deprecated: true } : null,
    event.queryStringParameters?.token
      ? { key: event.queryStringParameters.token.trim(), deprecated: true }
      : null,
  ].filter((candidate): candidate is PresentedCredential => candidate !== null && candidate.key !== '');
  const [first] = candidates;
  if (!first) return null;
  if (candidates.some((candidate) => candidate.key !== first.key)) {
    throw Unauthorized('INVALID_API_KEY', 'The request carries two different API keys.');
  }
  return { key: first.key, deprecated: candidates.every((candidate) => candidate.deprecated) };
}
