import { newId } from '#core/ids';
import type { ApiKeyRecord, CreatedApiKey } from './account.ts';
import { apiKeyStore } from './account-services.ts';
import { generateApiKey, hashApiKey, keySuffix } from './api-key.ts';

/**
 * Creates a key for the user, scoped to one project when `projectId` is given. Only its hash is
 * kept, so the answer is the one place the key itself is ever shown.
 */
export async function createApiKey(input: {
  userId: string;
  name: string | null;
  projectId: string | null;
}): Promise<CreatedApiKey> {
  const apiKey = generateApiKey();
  const record: ApiKeyRecord = {
    key_id: newId('key'),
    name: input.name,
    scope: input.projectId ? 'PROJECT' : 'USER',
    project_id: input.projectId,
    key_suffix: keySuffix(apiKey),
    created_at: new Date().toISOString(),
    last_used_at: null,
  };
  await apiKeyStore.create(input.userId, record, hashApiKey(apiKey));
  return { api_key: apiKey, ...record };
}
