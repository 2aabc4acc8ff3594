import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type SecretName, secretSource, setting } from './config.ts';

/**
 * Secret values at run time. In AWS a secret is fetched from Secrets Manager and kept in memory for
 * SECRET_CACHE_SECONDS, so a warm function asks at most once per period and a rotated secret is
 * picked up after it; a failed fetch is not kept, so the next request asks again. Where the
 * secret's id is unset (local stack, tests) its own variable is its value.
 */

interface Cached {
  expiresAt: number;
  fields: Promise<Record<string, unknown>>;
}

const cache = new Map<string, Cached>();
let client: SecretsManagerClient | undefined;

/**
 * The secrets' values, undefined where one is not configured at all. Fields of one secret come from
 * one read, so a rotation never pairs a new key with an old webhook secret.
 */
export async function readSecrets<N extends SecretName>(
  names: readonly N[],
): Promise<Record<N, string | undefined>> {
  const reads = new Map<string, Promise<Record<string, unknown>>>();
  const values = await Promise.all(
    names.map(async (name) => {
      const source = secretSource(name);
      if (source.kind === 'ENVIRONMENT') return [name, source.value] as const;
      const fields = reads.get(source.secretId) ?? secretFields(source.secretId);
      reads.set(source.secretId, fields);
      const value = (await fields)[source.field];
      if (typeof value !== 'string' || value === '')
        throw new Error(`Secret ${source.secretId} has no string field ${source.field}`);
      return [name, value] as const;
    }),
  );
  return Object.fromEntries(values) as Record<N, string | undefined>;
}

function secretFields(secretId: string): Promise<Record<string, unknown>> {
  const now = Date.now();
  const cached = cache.get(secretId);
  if (cached && cached.expiresAt > now) return cached.fields;
  const fields = fetchFields(secretId);
  cache.set(secretId, { expiresAt: now + setting('SECRET_CACHE_SECONDS') * 1000, fields });
  fields.catch(() => {
    if (cache.get(secretId)?.fields === fields) cache.delete(secretId);
  });
  return fields;
}

async function fetchFields(secretId: string): Promise<Record<string, unknown>> {
  client ??= new SecretsManagerClient({});
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  const parsed: unknown = JSON.parse(SecretString ?? 'null');
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`Secret ${secretId} is not a JSON object`);
  return parsed as Record<string, unknown>;
}
