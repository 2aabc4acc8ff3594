import type { Principal } from '#core/access-policy';

/**
 * Key lookups cached in memory per warm Lambda (or local process). The TTL bounds how long a revoked
 * key may still be accepted elsewhere; the spec allows 5 minutes, the design chose at most 60 s.
 */
export class PrincipalCache {
  readonly #entries = new Map<string, { principal: Principal; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(keyHash: string): Principal | undefined {
    const entry = this.#entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#entries.delete(keyHash);
      return undefined;
    }
    return entry.principal;
  }

  set(keyHash: string, principal: Principal): void {
    this.#entries.set(keyHash, { principal, expiresAt: this.now() + this.ttlMs });
  }

  evict(keyHash: string): void {
    this.#entries.delete(keyHash);
  }
}
