import * as v from 'valibot';
import { authorizedProject } from '#access/authorized-project';
import { localize } from '#core/localization';
import { displayName, id, localizationInput } from '#platform/request-fields';
import { updateProject } from '#store/projects';
import { http } from '../http.ts';
import { project } from './project-responses.ts';

const path = v.object({ project_id: id });
const body = v.optional(
  v.strictObject({
    name: v.optional(v.nullable(displayName)),
    localization: v.optional(v.nullable(localizationInput)),
    change_threshold_percent: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1000)))),
    auto_accept_confidence: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1)))),
  }),
  {},
);

export const handler = http(
  { path, body, responses: { 200: project } },
  async ({ guard, path, body, answer }) => {
    const project = await authorizedProject(guard, path.project_id);
    const { localization } = body;
    // A null name leaves the name as it is: a project always has one.
    const updated = await updateProject(project.project_id, {
      name: body.name ?? undefined,
      localization: localization ? localize(localization.country, localization.currency) : localization,
      changeThresholdPercent: body.change_threshold_percent,
      autoAcceptConfidence: body.auto_accept_confidence,
    });
    return answer(200, updated);
  },
);
