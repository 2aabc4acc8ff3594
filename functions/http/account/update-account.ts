import * as v from 'valibot';
import { userStore } from '#accounts/account-services';
import { displayName } from '#platform/request-fields';
import { http } from '../http.ts';
import { account } from './account-responses.ts';

const body = v.strictObject({ name: displayName });

export const handler = http({ body, responses: { 200: account } }, async ({ principal, body, answer }) =>
  answer(200, await userStore.rename(principal.userId, body.name)),
);
