import { describe, expect, it } from 'vitest';
import { CATALOG_FRESH_MS, CATALOG_RETENTION_MS, catalogFreshness } from './catalog-freshness.ts';

describe('catalog freshness', () => {
  const now = Date.parse('2025-06-30T12:00:00Z');
  const at = (ageMs: number) => new Date(now - ageMs).toISOString();

  it('is FRESH within a day, RETAINED up to 30 days, EXPIRED after', () => {
    expect(catalogFreshness(at(CATALOG_FRESH_MS - 1), now)).toBe('FRESH');
    expect(catalogFreshness(at(CATALOG_FRESH_MS), now)).toBe('RETAINED');
    expect(catalogFreshness(at(CATALOG_RETENTION_MS), now)).toBe('RETAINED');
    expect(catalogFreshness(at(CATALOG_RETENTION_MS + 1), now)).toBe('EXPIRED');
  });
});
