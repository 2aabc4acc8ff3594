import * as v from 'valibot';
import { removeMatchDecision } from '#matching/remove-match-decision';
import { noContent } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { http } from '../http.ts';

const path = v.object({ project_id: id, decision_id: id });

export const handler = http({ path, responses: { 204: null } }, async ({ guard, path }) => {
  await removeMatchDecision(await authorizedProject(guard, path.project_id), path.decision_id);
  return noContent();
});
