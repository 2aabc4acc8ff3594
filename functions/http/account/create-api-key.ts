import * as v from 'valibot';
import { createApiKey } from '#accounts/create-api-key';
import { displayName, id } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { http } from '../http.ts';
import { createdApiKey } from './account-responses.ts';

const body = v.optional(
  v.strictObject({
    name: v.optional(v.nullable(displayName), null),
    project_id: v.optional(v.nullable(id), null),
  }),
  {},
);

export const handler = http(
  { body, responses: { 201: createdApiKey } },
  async ({ principal, guard, body, answer }) => {
    const projectId = body.project_id ?? null;
    if (projectId) await authorizedProject(guard, projectId);
    const created = await createApiKey({ userId: principal.userId, name: body.name ?? null, projectId });
    return answer(201, created);
  },
);
