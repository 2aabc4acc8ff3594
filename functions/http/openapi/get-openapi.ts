import * as v from 'valibot';
import { json } from '#platform/http-response';
import document from '../../../docs/openapi.json' with { type: 'json' };
import { publicHttp } from '../http.ts';

/** The API's own description, generated from the route table and the handlers' schemas. */
export const handler = publicHttp({ responses: { 200: v.looseObject({ openapi: v.string() }) } }, async () =>
  json(200, document),
);
