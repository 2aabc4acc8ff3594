import { http } from '#platform/http';
import { json } from '#platform/http-response';
import { listMemberships } from '#store/customers';

export const handler = http({}, async ({ principal }) => json(200, await listMemberships(principal.userId)));
