import * as v from 'valibot';
import { projectAccessProblem } from '#core/access-policy';
import { json } from '#platform/http-response';
import { displayName, id } from '#platform/request-fields';
import { createApiKey } from '#store/api-keys';
import { projectFacts } from '#store/projects';
import { http } from '../http.ts';
import { createdApiKey } from './account-responses.ts';

const body = v.optional(
  v.strictObject({
    name: v.optional(v.nullable(displayName), null),
    project_id: v.optional(v.nullable(id), null),
  }),
  {},
);

export const handler = http({ body, responses: { 201: createdApiKey } }, async ({ principal, body }) => {
  const projectId = body.project_id ?? null;
  if (projectId) {
    const problem = projectAccessProblem(
      principal,
      await projectFacts(principal.userId, projectId),
      'CREATE_PROJECT_KEY',
    );
    if (problem) throw problem;
  }
  const created = await createApiKey({ userId: principal.userId, name: body.name ?? null, projectId });
  return json(201, created);
});
