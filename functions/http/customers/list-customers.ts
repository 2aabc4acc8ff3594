import * as v from 'valibot';
import { customerStore } from '#accounts/account-services';
import { http } from '../http.ts';
import { membership } from './customer-responses.ts';

export const handler = http({ responses: { 200: v.array(membership) } }, async ({ principal, answer }) =>
  answer(200, await customerStore.membershipsOf(principal.userId)),
);
