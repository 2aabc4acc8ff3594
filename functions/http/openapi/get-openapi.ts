import * as v from 'valibot';
import { compressedText } from '#platform/compressed-response';
import type { HttpResponse } from '#platform/http-response';
import document from '../../../docs/openapi.json' with { type: 'json' };
import { publicHttp } from '../http.ts';

/** One compressed answer per base URL the stage is reached on (its API Gateway domain, a custom one). */
const answers = new Map<string, (acceptEncoding: string | undefined) => HttpResponse>();

/**
 * The API's own description, generated from the route table and the handlers' schemas. Its `servers`
 * is the base URL this request came in on, so "Try it out" on a stage's docs page calls that stage.
 */
export const handler = publicHttp(
  {
    responses: {
      200: v.looseObject({
        openapi: v.pipe(v.string(), v.description('The OpenAPI version of this document (3.1.x).')),
      }),
    },
  },
  async ({ baseUrl, event }) => {
    let answer = answers.get(baseUrl);
    if (!answer) {
      const served = { ...document, servers: [{ url: baseUrl, description: 'This stage' }] };
      answer = compressedText(JSON.stringify(served), {
        contentType: 'application/json; charset=utf-8',
        cacheControl: 'public, max-age=300',
      });
      answers.set(baseUrl, answer);
    }
    return answer(event.headers?.['accept-encoding']);
  },
);
