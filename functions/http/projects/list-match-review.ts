import * as v from 'valibot';
import { sortedPage } from '#core/sorted-page';
import { reviewQueue } from '#exports/review-queue';
import { matchingReads } from '#matching/matching-services';
import { cursor, id, limit } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { projectWebsite } from '#websites/project-website';
import { http } from '../http.ts';
import { listPage } from '../list-page.ts';
import { matchReviewItem } from './project-responses.ts';

const path = v.object({ project_id: id });
const query = v.object({ website_id: id, limit, cursor });

/**
 * The reference website's matches waiting for review, the ones a decision would change most first
 * (`impact`), each with up to three alternative candidates. The queue is built from the newest
 * matching run and the decisions as they are now, and paged in memory by (impact, pair id).
 */
export const handler = http(
  { path, query, responses: { 200: v.array(matchReviewItem) } },
  async ({ principal, guard, path, query, event, baseUrl }) => {
    const project = await authorizedProject(guard, path.project_id);
    // A cursor no list handed out is the caller's mistake whatever the website: refused first.
    const page = await listPage(event, principal, baseUrl, query.cursor);
    await projectWebsite(project.project_id, query.website_id);
    const { values, next } = sortedPage(await reviewQueue(project, query.website_id, matchingReads), {
      limit: query.limit,
      after: page.after,
      // Impacts lie in 0..1: written with a fixed number of decimals, text order is number order.
      sortKey: (item) => item.impact.toFixed(9),
      id: (item) => item.pair_id,
    });
    return page.answer(values, next);
  },
);
