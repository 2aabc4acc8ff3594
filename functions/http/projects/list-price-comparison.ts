import * as v from 'valibot';
import { sortedPage } from '#core/sorted-page';
import { priceComparison } from '#exports/project-exports';
import { matchingReads } from '#matching/matching-services';
import { cursor, id, limit } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { http } from '../http.ts';
import { listPage } from '../list-page.ts';
import { priceComparisonItem } from './project-responses.ts';

const path = v.object({ project_id: id });
const query = v.object({ website_id: id, limit, cursor });

/**
 * The reference website's price comparison, one item per reference product, as its export file
 * holds it; paged in memory by reference URL (a file holds each URL once).
 */
export const handler = http(
  { path, query, responses: { 200: v.array(priceComparisonItem) } },
  async ({ principal, guard, path, query, event, baseUrl }) => {
    const project = await authorizedProject(guard, path.project_id);
    // A cursor no list handed out is the caller's mistake whatever the website: refused first.
    const page = await listPage(event, principal, baseUrl, query.cursor);
    const { values, next } = sortedPage(await priceComparison(project, query.website_id, matchingReads), {
      limit: query.limit,
      after: page.after,
      sortKey: (item) => item.reference_url,
      id: (item) => item.reference_url,
    });
    return page.answer(values, next);
  },
);
