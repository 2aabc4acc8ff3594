import { apiKeyStore } from '#accounts/account-services';
import { hashApiKey, isWellFormedApiKey } from '#accounts/api-key';
import type { Principal } from '#core/access-policy';
import { Unauthorized } from '#core/problem';
import { onFirstUse, setting } from '#platform/config';
import { presentedCredential } from '#platform/credentials';
import type { HttpEvent } from '#platform/http-event';
import { PrincipalCache } from '#platform/principal-cache';

export const principalCache = onFirstUse(() => new PrincipalCache(setting('API_KEY_CACHE_SECONDS') * 1000));

export interface Authentication {
  principal: Principal;
  deprecatedCredential: boolean;
}

/** Resolves the caller; look-alike keys are refused by their checksum before any database read. */
export async function authenticate(event: HttpEvent): Promise<Authentication> {
  const credential = presentedCredential(event);
  if (!credential)
    throw Unauthorized('NOT_AUTHENTICATED', 'Send an API key as "Authorization: Bearer <key>".');
  if (!isWellFormedApiKey(credential.key)) throw Unauthorized('INVALID_API_KEY', 'The API key is not valid.');
  const keyHash = hashApiKey(credential.key);
  let principal = principalCache().get(keyHash);
  if (!principal) {
    const found = await apiKeyStore.principalByHash(keyHash);
    if (!found) throw Unauthorized('INVALID_API_KEY', 'The API key is unknown or revoked.');
    principal = found;
    principalCache().set(keyHash, principal);
    // Stamped on cache misses only, so a busy key costs one write per cache period, not per request.
    await apiKeyStore.recordUse(principal.userId, principal.keyId, new Date().toISOString());
  }
  return { principal, deprecatedCredential: credential.deprecated };
}
