import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_KEY_LENGTH, generateApiKey, hashApiKey, isWellFormedApiKey, keySuffix } from './api-key.ts';

describe('API keys', () => {
  it('generates well-formed keys: pds_, 36 base62 characters and a 6-character checksum', () => {
    for (let i = 0; i < 200; i++) {
      const key = generateApiKey();
      expect(key).toMatch(/^pds_[0-9A-Za-z]{42}$/);
      expect(key).toHaveLength(API_KEY_LENGTH);
      expect(isWellFormedApiKey(key)).toBe(true);
    }
  });

  it('rejects any single-character change of a key by its checksum', () => {
    const key = generateApiKey();
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: API_KEY_LENGTH - 1 }),
        fc.constantFrom(...'0123456789ABCxyz'),
        (position, replacement) => {
          fc.pre(key[position] !== replacement);
          const changed = `${key.slice(0, position)}${replacement}${key.slice(position + 1)}`;
          expect(isWellFormedApiKey(changed)).toBe(false);
        },
      ),
    );
  });

  it('rejects wrong prefixes, lengths and alphabets', () => {
    const key = generateApiKey();
    for (const lookalike of [
      `ghp_${key.slice(4)}`,
      key.slice(0, -1),
      `${key}0`,
      `${key.slice(0, 10)}-${key.slice(11)}`,
      '',
    ]) {
      expect(isWellFormedApiKey(lookalike)).toBe(false);
    }
  });

  it('stores a SHA-256 hash and shows the last four characters', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toContain(key.slice(4, 20));
    expect(keySuffix(key)).toBe(key.slice(-4));
  });
});
