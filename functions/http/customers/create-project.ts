import * as v from 'valibot';
import { authorizedCustomer } from '#accounts/authorized-customer';
import { displayName, id, localizationInput } from '#platform/request-fields';
import { createProject } from '#projects/create-project';
import { localize } from '#projects/localization';
import { http } from '../http.ts';
import { project } from '../projects/project-responses.ts';

const path = v.object({ customer_id: id });
const body = v.strictObject({
  name: displayName,
  localization: localizationInput,
});

export const handler = http(
  { path, body, responses: { 201: project } },
  async ({ principal, guard, path, body, answer }) => {
    await authorizedCustomer(guard, path.customer_id);
    const localization = localize(body.localization.country, body.localization.currency);
    const project = await createProject({
      customerId: path.customer_id,
      userId: principal.userId,
      name: body.name,
      localization,
      managed: false,
    });
    return answer(201, project);
  },
);
