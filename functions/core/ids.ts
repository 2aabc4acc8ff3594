import { randomBytes } from 'node:crypto';

export type IdPrefix =
  | 'usr'
  | 'cus'
  | 'prj'
  | 'web'
  | 'job'
  | 'key'
  | 'ctr'
  | 'inv'
  | 'top'
  | 'led'
  | 'whk'
  | 'evt'
  | 'dlv'
  | 'sch';

// Crockford base32 keeps ids case-insensitive and free of look-alike letters.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function encode(value: bigint, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(rest & 31n)] + out;
    rest >>= 5n;
  }
  return out;
}

/**
 * A prefixed, time-sortable id (ULID layout: 48-bit milliseconds then 80 random bits), so ids created
 * later sort later as strings and list queries can order by id.
 */
export function newId(prefix: IdPrefix, now = Date.now()): string {
  const random = BigInt(`0x${randomBytes(10).toString('hex')}`);
  return `${prefix}_${encode(BigInt(now), 10)}${encode(random, 16)}`;
}

export function hasPrefix(id: string, prefix: IdPrefix): boolean {
  return new RegExp(`^${prefix}_[${ALPHABET}]{26}$`).test(id);
}
