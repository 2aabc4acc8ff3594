import { describe, expect, it } from 'vitest';
import { PrincipalCache } from './principal-cache.ts';

const principal = { userId: 'usr_1', keyId: 'key_1', scope: 'USER' as const, projectId: null };

describe('PrincipalCache', () => {
  it('forgets an entry once its time to live has passed, bounding how long a revoked key works', () => {
    let now = 1_000;
    const cache = new PrincipalCache(60_000, () => now);
    cache.set('hash', principal);
    now += 59_999;
    expect(cache.get('hash')).toEqual(principal);
    now += 1;
    expect(cache.get('hash')).toBeUndefined();
  });

  it('evicts at once on revocation in the same process', () => {
    const cache = new PrincipalCache(60_000);
    cache.set('hash', principal);
    cache.evict('hash');
    expect(cache.get('hash')).toBeUndefined();
  });
});
