import { createHmac, timingSafeEqual } from 'node:crypto';
import { Invalid } from './problem.ts';

/** A list's position: the DynamoDB key of the last item a page showed (string and number parts). */
export type ListPosition = Record<string, string | number>;

const MAC_BYTES = 32;
// A cursor holds one key of a few ids; anything far longer is not one of ours, so it is refused unread.
const MAX_CURSOR_LENGTH = 2048;

const mac = (secret: string, scope: string, body: string) =>
  createHmac('sha256', secret).update(`${scope}\n${body}`).digest();

/**
 * An opaque page cursor: base64url of the position, then a MAC over the list's scope (which list,
 * whose, with which filters) and the position. The scope is not carried, only signed, so a cursor of
 * another list, project or filter fails the check exactly as a tampered one does.
 */
export function encodeCursor(position: ListPosition, scope: string, secret: string): string {
  const body = Buffer.from(JSON.stringify(position)).toString('base64url');
  return `${body}.${mac(secret, scope, body).toString('base64url')}`;
}

const invalid = () =>
  Invalid('INVALID_CURSOR', {
    location: 'query',
    path: 'cursor',
    message: 'The cursor is not one this list handed out; start again without it.',
  });

/** The position a cursor of this scope names; INVALID_CURSOR when it is malformed, tampered or foreign. */
export function decodeCursor(cursor: string, scope: string, secret: string): ListPosition {
  if (cursor.length > MAX_CURSOR_LENGTH) throw invalid();
  const [body, signature, ...rest] = cursor.split('.');
  if (!body || !signature || rest.length > 0) throw invalid();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(secret, scope, body))) throw invalid();
  const position: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  if (!isPosition(position)) throw invalid();
  return position;
}

function isPosition(value: unknown): value is ListPosition {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((part) => typeof part === 'string' || typeof part === 'number')
  );
}
