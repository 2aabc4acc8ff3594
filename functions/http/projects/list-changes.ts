import * as v from 'valibot';
import { historyStore } from '#history/history-services';
import { CHANGE_KINDS } from '#history/price-changes';
import { cursor, id, limit } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { projectWebsite } from '#websites/project-website';
import { http } from '../http.ts';
import { listPage } from '../list-page.ts';
import { priceChange } from './project-responses.ts';

const path = v.object({ project_id: id });
const percent = v.pipe(
  v.string(),
  v.regex(/^\d{1,4}(?:\.\d{1,2})?$/, 'Must be a percent from 0 to 1000, at most 2 decimals.'),
  v.transform(Number),
  v.maxValue(1000, 'Must be a percent from 0 to 1000, at most 2 decimals.'),
);
const query = v.object({
  since: v.optional(
    v.pipe(
      v.string(),
      v.isoTimestamp(),
      v.transform((text) => new Date(text).toISOString()),
    ),
  ),
  website_id: v.optional(id),
  kind: v.optional(v.picklist(CHANGE_KINDS)),
  min_change_percent: v.optional(percent),
  limit,
  cursor,
});

/**
 * What moved between scrapes on the project's websites, oldest first from `since`: a feed read
 * forward page by page. Price moves below the project's `change_threshold_percent` are left out
 * unless `min_change_percent` sets another threshold for this request (0 shows every move).
 */
export const handler = http(
  { path, query, responses: { 200: v.array(priceChange) } },
  async ({ principal, guard, path, query, event, baseUrl }) => {
    const project = await authorizedProject(guard, path.project_id);
    if (query.website_id !== undefined) await projectWebsite(project.project_id, query.website_id);
    const page = await listPage(event, principal, baseUrl, query.cursor);
    const { values, next } = await historyStore.changesPage(
      project.project_id,
      {
        since: query.since ?? null,
        websiteId: query.website_id ?? null,
        kind: query.kind ?? null,
        minPercent: query.min_change_percent ?? project.change_threshold_percent,
      },
      { limit: query.limit, after: page.after },
    );
    return page.answer(values, next);
  },
);
