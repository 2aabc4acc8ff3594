import * as v from 'valibot';
import { NotFound } from '#core/problem';
import { principalCache } from '#platform/authenticate';
import { http } from '#platform/http';
import { noContent } from '#platform/http-response';
import { revokeApiKey } from '#store/api-keys';
import { id } from '../fields.ts';

const path = v.object({ key_id: id });

export const handler = http({ path, responses: { 204: null } }, async ({ principal, path }) => {
  const keyHash = await revokeApiKey(principal.userId, path.key_id);
  if (!keyHash) throw NotFound('API_KEY_NOT_FOUND', 'You have no API key with this id.');
  principalCache.evict(keyHash);
  return noContent();
});
