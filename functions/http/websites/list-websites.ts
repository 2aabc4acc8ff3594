import * as v from 'valibot';
import { cursor, id, wholeListLimit } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { websiteStore } from '#websites/website-services';
import { http } from '../http.ts';
import { listPage } from '../list-page.ts';
import { website } from './website-responses.ts';

const query = v.object({ project_id: id, limit: wholeListLimit, cursor });

export const handler = http(
  { query, responses: { 200: v.array(website) } },
  async ({ principal, guard, query, event, baseUrl }) => {
    await authorizedProject(guard, query.project_id);
    const page = await listPage(event, principal, baseUrl, query.cursor);
    const { values, next } = await websiteStore.page(query.project_id, {
      limit: query.limit,
      after: page.after,
    });
    return page.answer(values, next);
  },
);
