import * as v from 'valibot';
import { Invalid, NotFound, Unprocessable } from '#core/problem';
import { PRODUCT_ID, productId } from '#core/product-id';
import { productIdentity } from '#core/product-identity';
import { readProductSeries } from '#history/price-history';
import { id } from '#platform/request-fields';
import { dataBucketObjects } from '#store/data-bucket-services';
import { authorizedWebsite } from '#websites/authorized-website';
import { http } from '../http.ts';
import { productHistory } from './website-responses.ts';

const path = v.object({ website_id: id });
/** Any ISO 8601 time, compared as the stored times are written (UTC, milliseconds). */
const time = v.optional(
  v.pipe(
    v.string(),
    v.isoTimestamp(),
    v.transform((text) => new Date(text).toISOString()),
  ),
);
const query = v.object({
  product_url: v.optional(v.pipe(v.string(), v.maxLength(2048), v.url())),
  product_id: v.optional(
    v.pipe(v.string(), v.regex(PRODUCT_ID, 'Not a product id (prd_ and 24 hex digits).')),
  ),
  from: time,
  to: time,
});

/**
 * A product's price and stock as every scrape of the website saw it, oldest first: by its id, or by
 * a URL of it (normalised as catalogs identify products: tracking parameters and the fragment
 * dropped, the query sorted). Only the product's history shard is read.
 */
export const handler = http(
  { path, query, responses: { 200: productHistory } },
  async ({ guard, path, query, answer }) => {
    const website = await authorizedWebsite(guard, path.website_id);
    if ((query.product_url === undefined) === (query.product_id === undefined))
      throw Unprocessable([
        { location: 'query', path: 'product_id', message: 'Give either product_id or product_url.' },
      ]);
    const from = query.from ?? null;
    const to = query.to ?? null;
    if (from !== null && to !== null && to < from)
      throw Invalid('INVALID_TIME_RANGE', {
        location: 'query',
        path: 'to',
        message: `The range ends (${to}) before it starts (${from}).`,
      });
    const product = query.product_id ?? productId(productIdentity({ url: query.product_url as string }));
    const points = await readProductSeries(dataBucketObjects, {
      projectId: website.project_id,
      websiteId: website.website_id,
      productId: product,
      from,
      to,
    });
    if (points === null)
      throw NotFound('PRODUCT_NOT_FOUND', 'No scrape of this website has seen that product.');
    return answer(200, {
      website_id: website.website_id,
      product_id: product,
      from,
      to,
      points: points.map(({ product_id: _id, ...point }) => point),
    });
  },
);
