import { Unavailable } from '#core/problem';
import type { CodeWithStatus } from '#core/problem-catalogue';
import type { HttpResponse } from '#platform/http-response';
import { isStoreOutage } from '#platform/store-outage';
import { type HttpRequest, http } from '../http.ts';

type Schemas = Parameters<typeof http>[0];

interface Outage {
  code: CodeWithStatus<503>;
  detail: string;
}

export const INVOICING_OUTAGE: Outage = {
  code: 'INVOICING_UNAVAILABLE',
  detail: 'Invoicing is unavailable at the moment.',
};

/**
 * The shared factory for the billing endpoints: the spec answers 503 "billing unavailable" when the
 * credit, usage or invoice records cannot be read or written, rather than a 500.
 */
export function billingHttp<S extends Schemas>(
  schemas: S,
  run: (request: HttpRequest<S>) => Promise<HttpResponse>,
  outage: Outage = {
    code: 'BILLING_UNAVAILABLE',
    detail: 'Billing is unavailable at the moment.',
  },
) {
  return http(schemas, async (request) => {
    try {
      return await run(request);
    } catch (error) {
      if (!isStoreOutage(error)) throw error;
      throw Unavailable(outage.code, outage.detail, error);
    }
  });
}
