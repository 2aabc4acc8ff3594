import { http } from '#platform/http';
import { json } from '#platform/http-response';
import { listApiKeys } from '#store/api-keys';

export const handler = http({}, async ({ principal }) => json(200, await listApiKeys(principal.userId)));
