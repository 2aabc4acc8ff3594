import { userStore } from '#accounts/account-services';
import { NotFound } from '#core/problem';
import { http } from '../http.ts';
import { account } from './account-responses.ts';

export const handler = http({ responses: { 200: account } }, async ({ principal, answer }) => {
  const user = await userStore.get(principal.userId);
  if (!user) throw NotFound('USER_NOT_FOUND', 'The key belongs to a user that no longer exists.');
  return answer(200, user);
});
