import * as v from 'valibot';
import { apiKeyStore } from '#accounts/account-services';
import { cursor, wholeListLimit } from '#platform/request-fields';
import { http } from '../http.ts';
import { listPage } from '../list-page.ts';
import { apiKey } from './account-responses.ts';

const query = v.object({ limit: wholeListLimit, cursor });

export const handler = http(
  { query, responses: { 200: v.array(apiKey) } },
  async ({ principal, query, event, baseUrl }) => {
    const page = await listPage(event, principal, baseUrl, query.cursor);
    const { values, next } = await apiKeyStore.page(principal.userId, {
      limit: query.limit,
      after: page.after,
    });
    return page.answer(values, next);
  },
);
