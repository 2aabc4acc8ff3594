import * as v from 'valibot';
import { listMemberships } from '#accounts/customers';
import { http } from '../http.ts';
import { membership } from './customer-responses.ts';

export const handler = http({ responses: { 200: v.array(membership) } }, async ({ principal, answer }) =>
  answer(200, await listMemberships(principal.userId)),
);
