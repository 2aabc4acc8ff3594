import * as v from 'valibot';
import { authorizedProject } from '#access/authorized-project';
import { publicMatchDecision } from '#core/match-decisions';
import { json } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { listMatchDecisions } from '#store/match-decisions';
import { http } from '../http.ts';
import { matchDecision } from './project-responses.ts';

const path = v.object({ project_id: id });

/** Every decision of the project, newest first. */
export const handler = http(
  { path, responses: { 200: v.array(matchDecision) } },
  async ({ principal, path }) => {
    const project = await authorizedProject(principal, path.project_id, 'READ');
    const decisions = await listMatchDecisions(project.project_id);
    decisions.sort((a, b) => b.decided_at.localeCompare(a.decided_at));
    return json(200, decisions.map(publicMatchDecision));
  },
);
