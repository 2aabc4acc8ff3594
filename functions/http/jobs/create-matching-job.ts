import * as v from 'valibot';
import { publicMatchingJob } from '#jobs/matching-job';
import { createMatchingJob } from '#matching/create-matching-job';
import { id } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { http } from '../http.ts';
import { matchingJob } from './job-responses.ts';

/** Competitors per job: each one is a pass over the reference catalog within one task. */
const MAX_COMPETITORS = 20;

const body = v.pipe(
  v.strictObject({
    project_id: id,
    reference_website_id: id,
    competitor_website_ids: v.pipe(
      v.array(id),
      v.minLength(1, 'Must name at least one competitor website.'),
      v.maxLength(MAX_COMPETITORS, `Must name at most ${MAX_COMPETITORS} competitor websites.`),
      v.check((ids) => new Set(ids).size === ids.length, 'Must not name a website twice.'),
    ),
    sample: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.check(
      (input) => !input.competitor_website_ids.includes(input.reference_website_id),
      'The reference website cannot be its own competitor.',
    ),
    ['competitor_website_ids'],
  ),
  v.examples([
    {
      project_id: 'a1B2c3D4',
      reference_website_id: 'e5F6g7H8',
      competitor_website_ids: ['i9J0k1L2', 'm3N4o5P6'],
      sample: false,
    },
  ]),
);

export const handler = http(
  { body, responses: { 200: matchingJob, 201: matchingJob } },
  async ({ guard, body, answer }) => {
    const project = await authorizedProject(guard, body.project_id);
    const { job, created } = await createMatchingJob(project, body);
    return answer(created ? 201 : 200, publicMatchingJob(job));
  },
);
