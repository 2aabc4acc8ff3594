import * as v from 'valibot';
import { sortedPage } from '#core/sorted-page';
import { matchDecisionStore } from '#matching/matching-services';
import { publicMatchDecision } from '#matching-model/match-decisions';
import { cursor, id, wholeListLimit } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { http } from '../http.ts';
import { listPage } from '../list-page.ts';
import { matchDecision } from './project-responses.ts';

const path = v.object({ project_id: id });
const query = v.object({ limit: wholeListLimit, cursor });

/**
 * The project's decisions, newest first. Their keys name the pair, not the time, so the decisions
 * are read whole and paged in memory by (decided_at, decision_id).
 */
export const handler = http(
  { path, query, responses: { 200: v.array(matchDecision) } },
  async ({ principal, guard, path, query, event, baseUrl }) => {
    const project = await authorizedProject(guard, path.project_id);
    const page = await listPage(event, principal, baseUrl, query.cursor);
    const { values, next } = sortedPage(await matchDecisionStore.list(project.project_id), {
      limit: query.limit,
      after: page.after,
      sortKey: (decision) => decision.decided_at,
      id: (decision) => decision.decision_id,
    });
    return page.answer(values.map(publicMatchDecision), next);
  },
);
