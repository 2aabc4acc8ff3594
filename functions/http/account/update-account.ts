import * as v from 'valibot';
import { renameUser } from '#accounts/users';
import { displayName } from '#platform/request-fields';
import { http } from '../http.ts';
import { account } from './account-responses.ts';

const body = v.strictObject({ name: displayName });

export const handler = http({ body, responses: { 200: account } }, async ({ principal, body, answer }) =>
  answer(200, await renameUser(principal.userId, body.name)),
);
