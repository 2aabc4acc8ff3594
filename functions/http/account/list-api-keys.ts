import * as v from 'valibot';
import { json } from '#platform/http-response';
import { listApiKeys } from '#store/api-keys';
import { http } from '../http.ts';
import { apiKey } from './account-responses.ts';

export const handler = http({ responses: { 200: v.array(apiKey) } }, async ({ principal }) =>
  json(200, await listApiKeys(principal.userId)),
);
