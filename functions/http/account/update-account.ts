import * as v from 'valibot';
import { http } from '#platform/http';
import { json } from '#platform/http-response';
import { renameUser } from '#store/users';
import { displayName } from '../fields.ts';
import { account } from './account-responses.ts';

const body = v.strictObject({ name: displayName });

export const handler = http({ body, responses: { 200: account } }, async ({ principal, body }) =>
  json(200, await renameUser(principal.userId, body.name)),
);
