import { json } from '#platform/http-response';
import { listApiKeys } from '#store/api-keys';
import { http } from '../http.ts';

export const handler = http({}, async ({ principal }) => json(200, await listApiKeys(principal.userId)));
