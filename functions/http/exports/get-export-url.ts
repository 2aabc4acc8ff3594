import * as v from 'valibot';
import { exportFileLink } from '#exports/project-exports';
import { jobStore } from '#jobs/job-services';
import { matchingReads } from '#matching/matching-services';
import { id } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { http } from '../http.ts';
import { fileChoice, fileChoiceFields } from './export-file-query.ts';
import { exportLink } from './export-responses.ts';

const path = v.object({ dataset: id });
const query = v.object({ project_id: id, ...fileChoiceFields });

/**
 * A presigned URL of the dataset's file (one website, all of the project's, or one URL scrape job's),
 * valid 15 minutes.
 */
export const handler = http(
  { path, query, responses: { 200: exportLink } },
  async ({ guard, path, query, answer }) => {
    const project = await authorizedProject(guard, query.project_id);
    return answer(
      200,
      await exportFileLink(project, path.dataset, fileChoice(query), matchingReads, jobStore()),
    );
  },
);
