import * as v from 'valibot';
import { decideMatch } from '#matching/decide-match';
import { MATCH_DECISION_KINDS, publicMatchDecision } from '#matching-model/match-decisions';
import { characters, id } from '#platform/request-fields';
import { authorizedProject } from '#projects/authorized-project';
import { http } from '../http.ts';
import { matchDecision } from './project-responses.ts';

const path = v.object({ project_id: id });

/** Product URLs as the matches export shows them; browsers and CDNs cap URLs near this length. */
const productUrl = characters(1, 2048);

const body = v.pipe(
  v.strictObject({
    reference_website_id: id,
    reference_url: productUrl,
    competitor_website_id: id,
    competitor_url: productUrl,
    decision: v.picklist(MATCH_DECISION_KINDS),
  }),
  v.forward(
    v.check(
      (input) => input.reference_website_id !== input.competitor_website_id,
      'A match pairs products of two different websites.',
    ),
    ['competitor_website_id'],
  ),
  v.examples([
    {
      reference_website_id: 'e5F6g7H8',
      reference_url: 'https://shop.example/p/kettle-2000',
      competitor_website_id: 'i9J0k1L2',
      competitor_url: 'https://other.example/kettle-2000-white',
      decision: 'REJECTED',
    },
  ]),
);

export const handler = http(
  { path, body, responses: { 200: matchDecision, 201: matchDecision } },
  async ({ principal, guard, path, body, answer }) => {
    const project = await authorizedProject(guard, path.project_id);
    const { decision, created } = await decideMatch(project, principal.userId, body);
    return answer(created ? 201 : 200, publicMatchDecision(decision));
  },
);
