import * as v from 'valibot';
import { listExports } from '#exports/project-exports';
import { id } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { http } from '../http.ts';
import { exportFile } from './export-responses.ts';

const query = v.object({ project_id: id });

/** The project's export files: dataset, website (null: all websites), rows, bytes, currency. */
export const handler = http(
  { query, responses: { 200: v.array(exportFile) } },
  async ({ guard, query, answer }) => {
    const project = await authorizedProject(guard, query.project_id);
    return answer(200, await listExports(project));
  },
);
