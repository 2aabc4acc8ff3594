import * as v from 'valibot';
import { downloadProjectId } from '#exports/download-project-id';
import { exportFileLink } from '#exports/project-exports';
import { jobStore } from '#jobs/job-services';
import { matchingReads } from '#matching/matching-services';
import { redirect } from '#platform/http-response';
import { id } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { http } from '../http.ts';
import { fileChoice, fileChoiceFields } from './export-file-query.ts';

const path = v.object({ dataset: id });
const query = v.object({ project_id: v.optional(id), ...fileChoiceFields });

/** The file itself, by a 302 to its presigned URL; a PROJECT key may leave project_id out. */
export const handler = http(
  { path, query, responses: { 302: null } },
  async ({ principal, guard, path, query }) => {
    const project = await authorizedProject(guard, downloadProjectId(principal, query.project_id));
    const link = await exportFileLink(project, path.dataset, fileChoice(query), matchingReads, jobStore());
    return redirect(link.url);
  },
);
