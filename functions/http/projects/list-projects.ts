import * as v from 'valibot';
import { canSeeProject } from '#core/access-policy';
import { cursor, wholeListLimit } from '#platform/request-fields';
import { projectStore } from '#projects/project-services';
import { http } from '../http.ts';
import { listPage } from '../list-page.ts';
import { listedProject } from './project-responses.ts';

const query = v.object({ limit: wholeListLimit, cursor });

export const handler = http(
  { query, responses: { 200: v.array(listedProject) } },
  async ({ principal, query, event, baseUrl }) => {
    const page = await listPage(event, principal, baseUrl, query.cursor);
    const { values, next } = await projectStore.listForUser(principal.userId, {
      limit: query.limit,
      after: page.after,
      visible: (facts) => canSeeProject(principal, facts),
    });
    return page.answer(values, next);
  },
);
