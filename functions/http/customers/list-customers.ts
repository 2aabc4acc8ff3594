import { json } from '#platform/http-response';
import { listMemberships } from '#store/customers';
import { http } from '../http.ts';

export const handler = http({}, async ({ principal }) => json(200, await listMemberships(principal.userId)));
