import * as v from 'valibot';
import { listExports } from '#jobs/project-exports';
import { http } from '#platform/http';
import { json } from '#platform/http-response';
import { authorizedProject } from '../authorized-project.ts';
import { id } from '../fields.ts';
import { exportFile } from './export-responses.ts';

const query = v.object({ project_id: id });

/** The project's export files: dataset, website (null: all websites), rows, bytes, currency. */
export const handler = http(
  { query, responses: { 200: v.array(exportFile) } },
  async ({ principal, query }) => {
    const project = await authorizedProject(principal, query.project_id, 'READ');
    return json(200, await listExports(project));
  },
);
