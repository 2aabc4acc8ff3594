import { newId } from '#core/ids';
import type { User } from './account.ts';
import { userStore } from './account-services.ts';

/** Creates a user; 409 EMAIL_TAKEN when another user holds the e-mail. */
export async function createUser(input: { name: string; email: string }): Promise<User> {
  const user: User = {
    user_id: newId('usr'),
    name: input.name,
    email: input.email,
    created_at: new Date().toISOString(),
  };
  await userStore.create(user);
  return user;
}
