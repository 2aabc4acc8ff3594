import * as v from 'valibot';
import { apiKeyStore } from '#accounts/account-services';
import { NotFound } from '#core/problem';
import { noContent } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { principalCache } from '../authenticate.ts';
import { http } from '../http.ts';

const path = v.object({ key_id: id });

export const handler = http({ path, responses: { 204: null } }, async ({ principal, path }) => {
  const keyHash = await apiKeyStore.revoke(principal.userId, path.key_id);
  if (!keyHash) throw NotFound('API_KEY_NOT_FOUND', 'You have no API key with this id.');
  principalCache().evict(keyHash);
  return noContent();
});
