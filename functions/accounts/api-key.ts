import { createHash, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const PREFIX = 'pds_';
const SECRET_LENGTH = 36;
const CHECKSUM_LENGTH = 6;
export const API_KEY_LENGTH = PREFIX.length + SECRET_LENGTH + CHECKSUM_LENGTH;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function base62(value: number, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/** A new key: `pds_` + 36 random base62 characters + a base62 CRC32 of them (the GitHub token scheme). */
export function generateApiKey(): string {
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i++) secret += BASE62[randomInt(62)];
  return `${PREFIX}${secret}${base62(crc32(secret), CHECKSUM_LENGTH)}`;
}

/** Rejects look-alikes without a database read: wrong prefix, length, alphabet or checksum. */
export function isWellFormedApiKey(key: string): boolean {
  if (key.length !== API_KEY_LENGTH || !key.startsWith(PREFIX)) return false;
  const secret = key.slice(PREFIX.length, PREFIX.length + SECRET_LENGTH);
  const checksum = key.slice(PREFIX.length + SECRET_LENGTH);
  if (!/^[0-9A-Za-z]+$/.test(secret + checksum)) return false;
  return base62(crc32(secret), CHECKSUM_LENGTH) === checksum;
}

/** Only this hash is stored; the key itself is shown once. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export const keySuffix = (key: string) => key.slice(-4);
