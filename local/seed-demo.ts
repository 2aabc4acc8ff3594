import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { customerStore, userStore } from '#accounts/account-services';
import { createApiKey } from '#accounts/create-api-key';
import { commands } from '#admin/commands';

export const DEMO_EMAIL = 'demo@product-data.local';

export interface DemoAccount {
  userId: string;
  apiKey: string;
}

/**
 * The demo user who owns a demo customer with one project, created with the operator commands.
 * Idempotent: with a DATA_DIR the second start finds the user and reuses the key saved beside the data
 * (only the key's hash is in the table, so the plaintext has to be kept locally to print it again).
 */
export async function seedDemo(dataDir: string | undefined): Promise<DemoAccount> {
  const keyFile = dataDir ? join(dataDir, 'demo-api-key') : undefined;
  const existing = await userStore.idByEmail(DEMO_EMAIL);
  if (existing) {
    const saved = keyFile ? await readFile(keyFile, 'utf8').catch(() => undefined) : undefined;
    const apiKey =
      saved?.trim() || (await createApiKey({ userId: existing, name: 'demo', projectId: null })).api_key;
    if (keyFile) await writeFile(keyFile, apiKey);
    if ((await customerStore.membershipsOf(existing)).length === 0) await seedCustomer(existing);
    return { userId: existing, apiKey };
  }
  const { customer_id } = await commands['create-customer']({ name: 'Demo customer' });
  const { user_id, api_key } = await commands['create-user']({
    email: DEMO_EMAIL,
    name: 'Demo user',
    customer: String(customer_id),
    role: 'OWNER',
  });
  await commands['create-project']({
    customer: String(customer_id),
    user: String(user_id),
    name: 'Demo project',
    country: 'CZ',
    currency: 'CZK',
    default: true,
  });
  if (dataDir && keyFile) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(keyFile, String(api_key));
  }
  return { userId: String(user_id), apiKey: String(api_key) };
}

async function seedCustomer(userId: string): Promise<void> {
  const { customer_id } = await commands['create-customer']({ name: 'Demo customer' });
  await commands['add-member']({ customer: String(customer_id), user: userId, role: 'OWNER' });
}
